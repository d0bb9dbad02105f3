// `questions repair`: rebuilds each store that cannot be read from what is intact, and says where the rest went.

import CommandLineKit
import Foundation
import LocalStore
import LocalStoreSQLite
import Models
import Persistence
import TerminalUI

extension CommandRunner {
  /// Opens each store in `directory` (`questions.json`, then `sessions.json`); one whose bytes
  /// cannot be used is rebuilt from every intact item and journal record
  /// (``/LocalStore/LocalRepository/salvage(directory:filename:configuration:now:)``), its original files
  /// kept beside it whole. A store whose layout cannot be salvaged is moved aside whole.
  ///
  /// A readable store is left alone. An error that moving the file would not cure (a newer
  /// format, a link or a folder at the path, a failed write) is reported as it is, exit 1;
  /// each store is tried, and each one's error reported, not only the first.
  func repairStore(in directory: URL, json: Bool) async throws(AppError) {
    var failures: [AppError] = []
    // The store in use: the SQLite store once `migrate --to sqlite` chose it.
    let questions =
      (try? StoreKind.current(in: directory)) == .sqlite
      ? repairSQLiteReporting(in: directory, failures: &failures)
      : await repairReporting(
        Question.self, DataDirectoryResolver.storeFilename, in: directory, failures: &failures)
    let sessions = await repairReporting(
      StudySession.self, DataDirectoryResolver.sessionsFilename, in: directory,
      failures: &failures)
    if json {
      console.writeOutput(
        try JSONFormatter().encode(RepairReports(questions: questions.0, sessions: sessions.0)))
    } else {
      console.writeError(questions.1 + sessions.1)
    }
    guard let last = failures.popLast() else { return }
    for failure in failures { report(failure) }
    throw last
  }

  /// ``repair(_:_:in:)``, with a failure added to `failures` and to the report instead of
  /// thrown, so that the next store is still tried.
  private func repairReporting<Item: Codable & Identifiable & Sendable>(
    _ type: Item.Type, _ filename: String, in directory: URL, failures: inout [AppError]
  ) async -> (RepairReport, String) where Item.ID: Hashable & Codable & Sendable {
    do {
      return try await repair(type, filename, in: directory)
    } catch {
      failures.append(error)
      var report = RepairReport(store: directory.appendingPathComponent(filename).path)
      report.error = error.errorDescription
      return (report, "")
    }
  }

  /// Checks the SQLite store of the questions and rebuilds it from every row that can still
  /// be read (``/LocalStoreSQLite/SQLiteRepository/repair(directory:filename:now:)``); its
  /// report and its sentences, or a failure added to `failures`.
  private func repairSQLiteReporting(
    in directory: URL, failures: inout [AppError]
  ) -> (RepairReport, String) {
    let filename = StoreKind.sqlite.filename
    let store = directory.appendingPathComponent(filename).path
    var report = RepairReport(store: store)
    do {
      let repaired = try SQLiteRepository<Question>.repair(
        directory: directory, filename: filename)
      guard !repaired.wasIntact else {
        return (report, "\(store) is readable; nothing to repair.\n")
      }
      report.movedTo = repaired.movedTo?.path
      report.kept = repaired.kept
      report.damaged = repaired.expected.map { max($0 - repaired.kept, 0) }
      let moved = repaired.movedTo?.path ?? "-"
      let problem = repaired.problems.first ?? "damaged"
      return (
        report,
        "\(store) was damaged (\(problem)). \(repaired.kept) questions were kept in a new"
          + " store\(report.damaged.map { ", \($0) could not be read" } ?? "");"
          + " the original is at \(moved). Nothing was deleted.\n"
      )
    } catch {
      failures.append(.store(error))
      report.error = AppError.store(error).errorDescription
      return (report, "")
    }
  }

  /// Repairs the store `filename` of items of type `type`; its report and its sentences.
  private func repair<Item: Codable & Identifiable & Sendable>(
    _ type: Item.Type, _ filename: String, in directory: URL
  ) async throws(AppError) -> (RepairReport, String)
  where Item.ID: Hashable & Codable & Sendable {
    let store = directory.appendingPathComponent(filename).path
    var report = RepairReport(store: store)
    guard Self.storeExists(filename, in: directory) else {
      // Opening it would create its lock file: there is nothing to open.
      return (report, "There is no \(filename) in \(directory.path); nothing to repair.\n")
    }
    do {
      // Read off the main actor; a readable store is only opened, never changed.
      _ = try await LocalRepository<Item>.open(directory: directory, filename: filename)
      let pending = Self.pendingSetAside(filename, in: directory, except: nil)
      report.pending = pending.isEmpty ? nil : pending
      return (
        report,
        "\(store) is readable; nothing to repair.\n"
          + RepairSummary.pendingText(pending, in: directory)
      )
    } catch let error as PersistenceError where error.canBeMovedAside {
      do {
        let salvaged = try LocalRepository<Item>.salvage(directory: directory, filename: filename)
        report.movedTo = salvaged.movedTo?.path ?? salvaged.journalMovedTo?.path
        report.kept = salvaged.kept
        report.damaged = salvaged.damaged
        report.truncated = salvaged.truncated
        report.setAside = salvaged.journalRecordsSetAside
        report.unapplied = salvaged.unappliedRecordsAt?.path
        let noun = Item.self == Question.self ? "questions" : "quizzes"
        let pending = Self.pendingSetAside(
          filename, in: directory, except: salvaged.unappliedRecordsAt)
        report.pending = pending.isEmpty ? nil : pending
        let text = RepairSummary(
          store: store, damage: Self.damage(in: error), noun: noun, salvaged: salvaged,
          directory: directory
        ).text
        return (report, text + RepairSummary.pendingText(pending, in: directory))
      } catch PersistenceError.corrupt {
        // A layout that cannot be taken apart item by item: move the whole file aside.
      } catch {
        // Anything else (a file that cannot be read or written) is reported as it is:
        // moving the files aside would hide it and start the store empty.
        throw .store(error)
      }
      do {
        report.movedTo = try LocalRepository<Item>.moveAside(
          directory: directory, filename: filename)?.path
      } catch {
        throw .store(error)
      }
      return (
        report,
        "\(store) could not be read, so it was moved to \(report.movedTo ?? "-").\n"
          + "Nothing was deleted; it now starts empty.\n"
      )
    } catch {
      throw .store(error)
    }
  }

  /// The files of changes an earlier repair of the store `filename` set aside in
  /// `directory` that were not applied since (applying one renames it to `….applied-…`),
  /// oldest first, but `except`: a repair cut off after it wrote one, and before it could
  /// say so, leaves them for the next `repair` to name.
  nonisolated static func pendingSetAside(
    _ filename: String, in directory: URL, except: URL?
  ) -> [String] {
    let prefix = filename + ".journal.unapplied-"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0 != except?.lastPathComponent }.sorted()
      .map { directory.appendingPathComponent($0).path }
  }

  /// What made a store unreadable, naming the file it found at fault (the snapshot or the
  /// journal) and why, without the advice the error's own sentence ends with.
  private static func damage(in error: PersistenceError) -> String {
    switch error {
    case .corrupt(let file, let reason):
      "\(file.lastPathComponent) is damaged (\(reason))"
    case .duplicateID(let file, let id):
      "\(file.lastPathComponent) holds more than one item with the id \(id)"
    case .fileTooLarge(let file, let size, let limit):
      "\(file.lastPathComponent) is \(size) bytes, more than the limit of \(limit)"
    case .migrationFailed(let file, let version, let reason):
      "\(file.lastPathComponent) could not be upgraded from version \(version) (\(reason))"
    case .unreadable(let file, let reason):
      "\(file.lastPathComponent) could not be read (\(reason))"
    default:
      error.description
    }
  }
}
