// Repairing a damaged SQLite store: check it, copy every row that can still be read into a
// new store, keep the original whole beside it.

import Foundation
import LocalStore

extension SQLiteRepository {
  /// Checks the store `filename` in `directory` with `PRAGMA integrity_check` and, if it is
  /// damaged, rebuilds it from every row that can still be read and decoded as an `Item`.
  ///
  /// An intact store is left as it is. Otherwise every row is read in order, stepping over
  /// the pages that cannot be read (a damaged page costs the items on it, not those after
  /// it), into a new database written beside the store and synced; then the original's log
  /// and the original are renamed to `<name>.damaged-<seconds since 1970>` (with `-wal` and
  /// `-shm` appended), log first so that the new store never reads an old log, and the new
  /// database takes the store's name. Nothing is deleted. A file that SQLite cannot read as a
  /// database at all keeps nothing: it is moved aside whole, and the store starts empty.
  ///
  /// Run it when no other process has the store open: one that does keeps writing to the
  /// original under its new name.
  ///
  /// - Throws: ``/LocalStore/PersistenceError`` when the files cannot be read, written or
  ///   renamed; the store is then as before, or, if renaming stopped part way, its original
  ///   and log are whole under the names the error gives.
  public static func repair(
    directory: URL = DataDirectory.default, filename: String = "data.sqlite",
    now: Date = .now
  ) throws(PersistenceError) -> SQLiteRepairReport {
    let location = try StoreLocation(directory: directory, filename: filename)
    var report = SQLiteRepairReport(
      wasIntact: true, problems: [], kept: 0, undecodable: 0, expected: nil, movedTo: nil)
    guard FileManager.default.fileExists(atPath: location.path) else { return report }
    // Read only: the original is never written, not even by a checkpoint as it closes.
    let source: SQLiteConnection
    do throws(SQLiteFailure) {
      source = try SQLiteConnection(path: location.path, readOnly: true)
      source.setBusyTimeout(.seconds(10))
      // The header and the schema: a file that fails here holds nothing SQLite can read.
      guard try source.readInteger("PRAGMA application_id") == StoreDatabase.applicationID else {
        throw SQLiteFailure(message: "it is not a store of this package")
      }
    } catch {
      return try Self.moveAsideWhole(location, now: now, reason: error.message, report: report)
    }
    // A check that stops on damage it cannot step over still says the store is damaged.
    do {
      report.problems = try Self.integrityProblems(source)
    } catch {
      report.problems = [error.message]
    }
    guard !report.problems.isEmpty else { return report }
    report.wasIntact = false
    report.expected = try? Int(source.readInteger("SELECT itemCount FROM store"))
    try Self.rebuild(location, from: source, into: &report, stamp: now)
    return report
  }

  /// Copies what `source` still holds into a new store beside `location`, then puts it in
  /// the store's place, the original aside.
  private static func rebuild(
    _ location: StoreLocation, from source: consuming SQLiteConnection,
    into report: inout SQLiteRepairReport, stamp now: Date
  ) throws(PersistenceError) {
    let url = location.fileURL
    let filename = location.filename
    let directory = location.directoryURL
    let stamp = String(Int(now.timeIntervalSince1970))
    let repairedName = filename + ".repairing-" + stamp
    let repairedLocation = try StoreLocation(directory: directory, filename: repairedName)
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: repairedLocation.path + suffix)
    }
    do {
      let (destination, _) = try StoreDatabase.open(
        repairedLocation, configuration: StoreConfiguration())
      (report.kept, report.undecodable) = try Self.copyReadableRows(from: source, into: destination)
      // Folded back into the file and the log removed, so that one file is renamed.
      try destination.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    } catch let error as PersistenceError {
      throw error
    } catch let failure as SQLiteFailure {
      throw failure.persistenceError(for: url, writing: true, lockTimeout: .seconds(10))
    } catch {
      throw .writeFailed(url, reason: "\(error)")
    }
    _ = consume source  // Closed before anything is renamed.
    report.movedTo = try Self.replace(location, with: repairedLocation, stamp: stamp)
  }

  /// The problems `PRAGMA integrity_check` reports (at most 20); empty when intact.
  private static func integrityProblems(
    _ connection: SQLiteConnection
  ) throws(SQLiteFailure)
    -> [String]
  {
    let statement = try connection.statement("PRAGMA integrity_check(20)")
    defer { statement.reset() }
    var lines: [String] = []
    while try statement.step() { lines.append(statement.text(at: 0)) }
    return lines == ["ok"] ? [] : lines
  }

  /// Copies every row of `source` that can be read and decoded into `destination`, in order,
  /// in one transaction; returns how many were kept and how many did not decode.
  ///
  /// Rows are read by position; when a read fails, the next positions are tried one by one
  /// until one reads again (a damaged page holds a few dozen rows), up to 100,000 failures
  /// in a row, after which the rest is taken as lost.
  private static func copyReadableRows(
    from source: SQLiteConnection, into destination: SQLiteConnection
  ) throws(SQLiteFailure) -> (kept: Int, undecodable: Int) {
    let decoder = JSONDecoder()
    var kept = 0
    var undecodable = 0
    try destination.writeTransaction { () throws(SQLiteFailure) in
      let insert = try destination.statement("INSERT INTO items(key, body) VALUES(?1, ?2)")
      let read = try source.statement(
        "SELECT position, key, body FROM items WHERE position > ?1 ORDER BY position")
      var after: Int64 = 0
      var failures = 0
      scan: while failures < 100_000 {
        read.reset()
        try read.bind(after, at: 1)
        do {
          while try read.step() {
            failures = 0
            after = read.int64(at: 0)
            let body = read.data(at: 2)
            guard (try? decoder.decode(Item.self, from: body)) != nil else {
              undecodable += 1
              continue
            }
            insert.reset()
            try insert.bind(read.text(at: 1), at: 1)
            try insert.bindText(body, at: 2)
            _ = try insert.step()
            kept += 1
          }
          break scan
        } catch {
          // A page that cannot be read: try from the next position.
          failures += 1
          after += 1
        }
      }
      read.reset()
      let count = try destination.statement("UPDATE store SET itemCount = ?1")
      try count.bind(Int64(kept), at: 1)
      _ = try count.step()
    }
    return (kept, undecodable)
  }

  /// Renames the store's log and file aside, then the repaired file into the store's place,
  /// and syncs the folder; returns the original's new place.
  private static func replace(
    _ location: StoreLocation, with repaired: StoreLocation, stamp: String
  ) throws(PersistenceError) -> URL {
    let aside = location.path + ".damaged-" + stamp
    do {
      for suffix in ["-wal", "-shm", ""]
      where FileManager.default.fileExists(atPath: location.path + suffix) {
        try FileManager.default.moveItem(
          atPath: location.path + suffix, toPath: aside + suffix)
      }
      try FileManager.default.moveItem(atPath: repaired.path, toPath: location.path)
    } catch {
      throw .repairIncomplete(
        location.fileURL,
        reason: "renaming failed (\(error.localizedDescription)); the original is whole at"
          + " \(aside), or still at its place")
    }
    if let failure = SystemCalls.sync(location.directory, ignoringMissing: false) {
      throw .repairIncomplete(
        location.fileURL,
        reason: "syncing the folder failed (\(failure)); the original is at \(aside)")
    }
    return URL(fileURLWithPath: aside)
  }

  /// Moves a file SQLite cannot read as a database aside whole, with its log.
  private static func moveAsideWhole(
    _ location: StoreLocation, now: Date, reason: String, report: SQLiteRepairReport
  ) throws(PersistenceError) -> SQLiteRepairReport {
    var report = report
    report.wasIntact = false
    report.problems = [reason]
    let stamp = String(Int(now.timeIntervalSince1970))
    let aside = location.path + ".damaged-" + stamp
    do {
      for suffix in ["-wal", "-shm", ""]
      where FileManager.default.fileExists(atPath: location.path + suffix) {
        try FileManager.default.moveItem(atPath: location.path + suffix, toPath: aside + suffix)
      }
    } catch {
      throw .recoveryFailed(location.fileURL, reason: error.localizedDescription)
    }
    report.movedTo = URL(fileURLWithPath: aside)
    return report
  }
}
