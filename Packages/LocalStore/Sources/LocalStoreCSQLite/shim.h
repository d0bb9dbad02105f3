// The system's SQLite for LocalStoreSQLite: its header, plus what Swift cannot call directly.
#include <sqlite3.h>

/// `sqlite3_bind_text` with SQLITE_TRANSIENT (SQLite copies the bytes), a macro Swift cannot
/// import.
static inline int csqlite_bind_text_copied(sqlite3_stmt *statement, int index,
                                           const char *text, int length) {
  return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

/// `sqlite3_bind_blob` with SQLITE_TRANSIENT (SQLite copies the bytes).
static inline int csqlite_bind_blob_copied(sqlite3_stmt *statement, int index,
                                           const void *bytes, int length) {
  return sqlite3_bind_blob(statement, index, bytes, length, SQLITE_TRANSIENT);
}
