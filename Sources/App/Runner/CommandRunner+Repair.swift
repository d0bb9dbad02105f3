// `questions repair`: moves a store that cannot be read aside, and says where its bytes went.

import Foundation
import Models
import Persistence
import TerminalUI

extension CommandRunner {
  /// What `repair` did, as `--json` prints it: `movedTo` is `null` when nothing was wrong.
  struct RepairReport: Encodable {
    var store: String
    var movedTo: String?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(store, forKey: .store)
      try container.encode(movedTo, forKey: .movedTo)
    }

    private enum CodingKeys: String, CodingKey { case store, movedTo }
  }

  /// Opens the store in `directory`; if its bytes cannot be used, moves the file aside.
  ///
  /// A readable store is left alone. An error that moving the file would not cure (a newer
  /// format, a folder at the path, a failed write) is reported as it is, exit code 1.
  func repairStore(in directory: URL, json: Bool) throws(AppError) {
    let filename = DataDirectoryResolver.storeFilename
    let store = directory.appendingPathComponent(filename).path
    var report = RepairReport(store: store)
    var text = "\(store) is readable; nothing to repair.\n"
    do {
      _ = try LocalRepository<Question>(directory: directory, filename: filename)
    } catch let error as PersistenceError where error.canBeMovedAside {
      do {
        report.movedTo = try LocalRepository<Question>.moveAside(
          directory: directory, filename: filename)?.path
      } catch {
        throw .store(error)
      }
      text =
        "\(store) could not be read, so it was moved to \(report.movedTo ?? "-").\n"
        + "Nothing was deleted; questions now starts with an empty store.\n"
    } catch {
      throw .store(error)
    }
    console.writeOutput(json ? try JSONFormatter().encode(report) : text)
  }
}
