// Opening a store's database file: checked before anything is written, then set up as asked.

import Foundation
import LocalStore
internal import LocalStoreCSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The layout of a store's database, and the checks and settings that open one.
///
/// One table holds the items: `items(position INTEGER PRIMARY KEY, key TEXT UNIQUE, body
/// TEXT)`, `position` being the order of first save, `key` the ID (see `ItemKey`) and
/// `body` the item's JSON encoding. A one-row table `store(format, itemCount)` says which
/// layout this is and how many items there are, updated by each transaction that adds or
/// removes items (one statement per transaction, where a trigger would run one per row), so
/// that counting a million items costs one read. `PRAGMA application_id` marks the file as a store of this
/// package and `PRAGMA user_version` is the items' schema version
/// (``/LocalStore/StoreConfiguration/schemaVersion``).
enum StoreDatabase {
  /// `PRAGMA application_id` of every store: "QBsq".
  static let applicationID: Int64 = 0x5142_7371
  /// The layout this code writes, kept in `store.format`.
  static let format: Int64 = 1

  /// Opens the store at `location`, creating its folder (0700) and an empty file (0600) when
  /// there are none, checks that it is a store this code can read, then sets it up:
  /// write-ahead log, `synchronous` from ``/LocalStore/StoreConfiguration/durability``, read back, and
  /// a busy timeout of ``/LocalStore/StoreConfiguration/lockTimeout`` for other connections. Returns
  /// the connection and its `PRAGMA data_version`, the mark other connections' commits move.
  ///
  /// The checks run before anything is written: a file that is not a database, or a
  /// database of another program, or one written by a newer version, is refused and left as
  /// it was.
  static func open(
    _ location: StoreLocation, configuration: StoreConfiguration
  ) throws(PersistenceError) -> (connection: SQLiteConnection, dataVersion: Int64) {
    let url = location.fileURL
    try createFileIfMissing(location)
    let connection: SQLiteConnection
    do {
      connection = try SQLiteConnection(path: location.path)
    } catch {
      throw error.persistenceError(
        for: url, writing: false, lockTimeout: configuration.lockTimeout)
    }
    connection.setBusyTimeout(configuration.lockTimeout)
    do {
      try checkIsAStore(connection, url: url, configuration: configuration)
      try setUp(connection, configuration: configuration)
      try createOrUpgrade(connection, url: url, configuration: configuration)
      return (connection, try connection.readInteger("PRAGMA data_version"))
    } catch let failure as SQLiteFailure {
      throw failure.persistenceError(
        for: url, writing: false, lockTimeout: configuration.lockTimeout)
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw .unreadable(url, reason: "\(error)")
    }
  }

  /// Creates the folder and an empty database file when missing; refuses anything at the
  /// path that is not a regular file, a symbolic link included.
  private static func createFileIfMissing(_ location: StoreLocation) throws(PersistenceError) {
    let url = location.fileURL
    var isFolder: ObjCBool = false
    if !FileManager.default.fileExists(atPath: location.directory, isDirectory: &isFolder) {
      do {
        try FileManager.default.createDirectory(
          at: location.directoryURL, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw .directoryUnavailable(location.directoryURL, reason: error.localizedDescription)
      }
    } else if !isFolder.boolValue {
      throw .directoryUnavailable(location.directoryURL, reason: "it is not a folder")
    }
    // An empty file is an empty database to SQLite; made here so that it is private (0600),
    // as SQLite gives its -wal and -shm files the database's permissions.
    let descriptor = SystemCalls.createExclusively(location.path)
    if descriptor >= 0 {
      close(descriptor)
    } else if errno != EEXIST {
      let reason = String(cString: strerror(errno))
      throw .directoryUnavailable(location.directoryURL, reason: reason)
    }
    var status = stat()
    guard lstat(location.path, &status) == 0 else {
      throw .unreadable(url, reason: String(cString: strerror(errno)))
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: try checkHeader(of: location, size: Int(status.st_size))
    case S_IFLNK: throw .notARegularFile(url, found: "a symbolic link")
    case S_IFDIR: throw .notARegularFile(url, found: "a folder")
    default: throw .notARegularFile(url, found: "a special file")
    }
  }

  /// Refuses a file that is not empty and does not start with SQLite's header, before SQLite
  /// reads it: SQLite would take the pages of a write-ahead log left beside it (`-wal`, from
  /// the database the file replaced) over the file's own bytes, open an old or empty store,
  /// and write those pages into the file at the next checkpoint.
  private static func checkHeader(of location: StoreLocation, size: Int) throws(PersistenceError) {
    guard size > 0 else { return }  // An empty file is an empty database.
    let url = location.fileURL
    let header: Data
    do {
      let file = try FileHandle(forReadingFrom: url)
      defer { try? file.close() }
      header = try file.read(upToCount: sqliteHeader.count) ?? Data()
    } catch {
      throw .unreadable(url, reason: error.localizedDescription)
    }
    guard header == sqliteHeader else {
      throw .corrupt(
        url,
        reason: "it does not start with SQLite's header (\"SQLite format 3\"), so it is not a"
          + " database")
    }
  }

  /// The first 16 bytes of every SQLite database file.
  private static let sqliteHeader = Data("SQLite format 3\u{0}".utf8)

  /// Reads the file's marks, without writing: an empty database, or a store of this package
  /// in a layout and schema version this code reads; anything else is refused.
  private static func checkIsAStore(
    _ connection: SQLiteConnection, url: URL, configuration: StoreConfiguration
  ) throws {
    let application = try connection.readInteger("PRAGMA application_id")
    if application == 0 {
      let objects = try connection.readInteger("SELECT count(*) FROM sqlite_schema")
      guard objects == 0 else {
        throw PersistenceError.corrupt(
          url,
          reason: "it is a SQLite database of another program (it holds \(objects)"
            + " tables and indexes, and no mark of this store)")
      }
      return
    }
    guard application == applicationID else {
      throw PersistenceError.corrupt(
        url,
        reason: "it is a SQLite database of another program (application_id"
          + " \(application))")
    }
    let layout = try connection.readInteger("SELECT format FROM store")
    guard layout <= format else {
      throw PersistenceError.unsupportedVersion(url, version: Int(layout), newest: Int(format))
    }
    let version = try connection.readInteger("PRAGMA user_version")
    guard version <= configuration.schemaVersion else {
      throw PersistenceError.unsupportedVersion(
        url, version: Int(version), newest: configuration.schemaVersion)
    }
  }

  /// Turns the write-ahead log on and sets `synchronous` from the durability asked, then
  /// reads both back: a setting that did not take is refused, not trusted.
  private static func setUp(
    _ connection: SQLiteConnection, configuration: StoreConfiguration
  ) throws {
    let mode = try connection.readText("PRAGMA journal_mode = WAL").lowercased()
    guard mode == "wal" else {
      throw SQLiteFailure(
        message: "SQLite kept journal_mode=\(mode) instead of wal (does the file system"
          + " support shared memory?)")
    }
    let wanted: Int64 = configuration.durability == .durable ? 2 : 1
    try connection.execute("PRAGMA synchronous = \(wanted)")
    #if canImport(Darwin)
      // On Apple platforms only F_FULLFSYNC reaches stable storage.
      if configuration.durability == .durable {
        try connection.execute("PRAGMA fullfsync = ON; PRAGMA checkpoint_fullfsync = ON")
      }
    #endif
    let kept = try connection.readInteger("PRAGMA synchronous")
    guard kept == wanted else {
      throw SQLiteFailure(message: "SQLite kept synchronous=\(kept) instead of \(wanted)")
    }
  }

  /// Creates the layout in an empty database, or upgrades the items of an older schema
  /// version with ``/LocalStore/StoreConfiguration/migrations``, in one transaction.
  private static func createOrUpgrade(
    _ connection: SQLiteConnection, url: URL, configuration: StoreConfiguration
  ) throws {
    let version = try connection.readInteger("PRAGMA user_version")
    let application = try connection.readInteger("PRAGMA application_id")
    guard application == 0 || version < configuration.schemaVersion else { return }
    try connection.writeTransaction { () throws(SQLiteFailure) in
      // Another process may have done it between the check and the lock.
      if try connection.readInteger("PRAGMA application_id") == 0 {
        try connection.execute(
          """
          CREATE TABLE items(
            position INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            body TEXT NOT NULL);
          CREATE TABLE store(format INTEGER NOT NULL, itemCount INTEGER NOT NULL);
          INSERT INTO store VALUES(\(format), 0);
          PRAGMA application_id = \(applicationID);
          PRAGMA user_version = \(configuration.schemaVersion);
          """)
      }
    }
    let now = try connection.readInteger("PRAGMA user_version")
    if now < configuration.schemaVersion {
      try upgrade(connection, from: Int(now), url: url, configuration: configuration)
    }
  }

  /// Runs the migrations from `version` up to the configured schema version on every item,
  /// in one transaction: the store is at the old version or at the new one, never between.
  private static func upgrade(
    _ connection: SQLiteConnection, from version: Int, url: URL,
    configuration: StoreConfiguration
  ) throws {
    var steps: [StoreMigration] = []
    for source in version..<configuration.schemaVersion {
      guard let step = configuration.migrations.first(where: { $0.sourceVersion == source })
      else {
        if source == 0 { continue }  // Version 0 items are read as version 1.
        throw PersistenceError.migrationFailed(
          url, fromVersion: version, reason: "no migration is registered from version \(source)")
      }
      steps.append(step)
    }
    var failure: (any Error)?
    do {
      try connection.writeTransaction { () throws(SQLiteFailure) in
        let rows = try connection.statement("SELECT position, body FROM items")
        var upgraded: [(Int64, Data)] = []
        while try rows.step() {
          do {
            var array = Data("[".utf8) + rows.data(at: 1) + Data("]".utf8)
            for step in steps { array = try step.upgrade(array) }
            // The step's encoder wrote `[item]`, with nothing around the item.
            guard array.first == UInt8(ascii: "["), array.last == UInt8(ascii: "]") else {
              throw PersistenceError.migrationFailed(
                url, fromVersion: version, reason: "a step did not return one item")
            }
            upgraded.append((rows.int64(at: 0), array.dropFirst().dropLast()))
          } catch {
            failure = error
            throw SQLiteFailure(message: "migration failed")
          }
        }
        rows.reset()
        for (position, body) in upgraded {
          let statement = try connection.statement(
            "UPDATE items SET body = ?2 WHERE position = ?1")
          try statement.bind(position, at: 1)
          try statement.bindText(body, at: 2)
          _ = try statement.step()
        }
        try connection.execute("PRAGMA user_version = \(configuration.schemaVersion)")
      }
    } catch {
      guard let failure else { throw error }
      throw PersistenceError.migrationFailed(url, fromVersion: version, reason: "\(failure)")
    }
  }
}
