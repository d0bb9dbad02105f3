// The system's SQLite, for the benchmark's comparison only.
#include <sqlite3.h>
