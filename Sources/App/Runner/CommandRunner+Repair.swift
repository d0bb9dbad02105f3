// `questions repair`: rebuilds each store that cannot be read from what is intact, and says where the rest went.

import CommandLineKit
import Foundation
import Models
import Persistence
import TerminalUI

extension CommandRunner {
  /// What `repair` did to one store, as `--json` prints it: `movedTo` is `null` when nothing
  /// was wrong; `kept` and `damaged` count the items of the damaged store.
  struct RepairReport: Encodable {
    var store: String
    var movedTo: String?
    var kept: Int?
    var damaged: Int?
    var truncated: Bool?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(store, forKey: .store)
      try container.encode(movedTo, forKey: .movedTo)
      try container.encodeIfPresent(kept, forKey: .kept)
      try container.encodeIfPresent(damaged, forKey: .damaged)
      try container.encodeIfPresent(truncated, forKey: .truncated)
    }

    private enum CodingKeys: String, CodingKey { case store, movedTo, kept, damaged, truncated }
  }

  /// `repair --json`: the question store's report at the top level, as before, and the study
  /// history's under `sessions`.
  struct RepairReports: Encodable {
    var questions: RepairReport
    var sessions: RepairReport

    func encode(to encoder: any Encoder) throws {
      try questions.encode(to: encoder)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(sessions, forKey: .sessions)
    }

    private enum CodingKeys: String, CodingKey { case sessions }
  }

  /// Opens each store in `directory` (`questions.json`, then `sessions.json`); one whose bytes
  /// cannot be used is rebuilt from every intact item and journal record
  /// (``LocalRepository/salvage(directory:filename:configuration:now:)``), its original files
  /// moved aside whole. A store whose layout cannot be salvaged is moved aside whole.
  ///
  /// A readable store is left alone. An error that moving the file would not cure (a newer
  /// format, a link or a folder at the path, a failed write) is reported as it is, exit 1.
  func repairStore(in directory: URL, json: Bool) async throws(AppError) {
    let questions = try await repair(
      Question.self, DataDirectoryResolver.storeFilename, in: directory)
    let sessions = try await repair(
      StudySession.self, DataDirectoryResolver.sessionsFilename, in: directory)
    let reports = RepairReports(questions: questions.0, sessions: sessions.0)
    if json {
      console.writeOutput(try JSONFormatter().encode(reports))
    } else {
      console.writeError(questions.1 + sessions.1)
    }
  }

  /// Repairs the store `filename` of items of type `type`; its report and its sentences.
  private func repair<Item: Codable & Identifiable & Sendable>(
    _ type: Item.Type, _ filename: String, in directory: URL
  ) async throws(AppError) -> (RepairReport, String)
  where Item.ID: Hashable & Codable & Sendable {
    let store = directory.appendingPathComponent(filename).path
    var report = RepairReport(store: store)
    let noun = Item.self == Question.self ? "questions" : "quizzes"
    guard Self.storeExists(filename, in: directory) else {
      // Opening it would create its lock file: there is nothing to open.
      return (report, "There is no \(filename) in \(directory.path); nothing to repair.\n")
    }
    do {
      // Read off the main actor; a readable store is only opened, never changed.
      _ = try await LocalRepository<Item>.open(directory: directory, filename: filename)
      return (report, "\(store) is readable; nothing to repair.\n")
    } catch let error as PersistenceError where error.canBeMovedAside {
      do {
        let salvaged = try LocalRepository<Item>.salvage(directory: directory, filename: filename)
        report.movedTo = salvaged.movedTo?.path ?? salvaged.journalMovedTo?.path
        report.kept = salvaged.kept
        report.damaged = salvaged.damaged
        report.truncated = salvaged.truncated
        let total = salvaged.kept + salvaged.damaged
        var text =
          "\(store) could not be read: \(Self.damage(in: error));"
          + " kept \(salvaged.kept) of \(total) \(noun)"
        let changes =
          salvaged.journalRecordsApplied + salvaged.journalRecordsDamaged
          + salvaged.journalRecordsSetAside
        if changes > 0 {
          text += ", and \(salvaged.journalRecordsApplied) of \(changes) later changes"
        }
        text += ".\n"
        if let unapplied = salvaged.unappliedRecordsAt {
          text +=
            "\(salvaged.journalRecordsSetAside) intact later"
            + " \(salvaged.journalRecordsSetAside == 1 ? "change comes" : "changes come")"
            + " after a damaged one, so \(salvaged.journalRecordsSetAside == 1 ? "it was" : "they were")"
            + " not applied; \(salvaged.journalRecordsSetAside == 1 ? "it is" : "they are") in \(unapplied.path).\n"
        }
        if salvaged.checksumMismatch && salvaged.damaged == 0 && !salvaged.truncated {
          text +=
            "Its checksum failed although every item still reads: compare with the original.\n"
        }
        let moved = [salvaged.movedTo, salvaged.journalMovedTo].compactMap { $0?.path }
        text +=
          "Nothing was deleted; the original bytes are in \(moved.joined(separator: " and ")).\n"
        return (report, text)
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
