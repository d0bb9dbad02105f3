// A child process for the sync kill loop: edits a synced store of notes and syncs it, until killed.
//
//   SyncDevice churn <folder> <server URL> <user> <collection> <seed> <edits>
//       opens the SyncedRepository `n.json` in <folder>, then makes <edits> local edits
//       (creates, updates, deletes, chosen by <seed>), printing "try <op> <id> <text>" before
//       each and "ack <op> <id> <text>" once it returned, and after every third edit syncs one
//       round with <collection>, printing "round-start", then "round <sent> <pulled> <conflicts>" or
//       "round-failed <message>"; ends with one more round. The password comes from
//       SYNC_DEVICE_PASSWORD. Each line goes out with one write(2), so a kill loses no line
//       that was printed. Errors go to stderr with exit code 1.

import Foundation
import LocalStoreSync
import LocalStoreTestSupport

/// One line to stdout, written at once.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// A small deterministic generator, so that a seed names a run.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

func churn(_ arguments: [String]) async throws {
  guard arguments.count == 6, let server = URL(string: arguments[1]),
    let seed = UInt64(arguments[4]), let edits = Int(arguments[5])
  else {
    throw SyncDeviceError(message: "usage: churn <folder> <url> <user> <collection> <seed> <edits>")
  }
  let folder = URL(fileURLWithPath: arguments[0])
  let password = ProcessInfo.processInfo.environment["SYNC_DEVICE_PASSWORD"] ?? ""
  let store = try await SyncedRepository<Note>.open(directory: folder, filename: "n.json")
  let client = KintoClient(
    .init(server: server, credentials: KintoCredentials(user: arguments[2], password: password)))
  let synchronizer = Synchronizer(client: client, store: store, collection: arguments[3])
  var random = SplitMix(state: seed)
  for edit in 0..<edits {
    let notes = await store.loadAll()
    let text = "s\(seed)-\(edit)"
    let roll = Int.random(in: 0..<100, using: &random)
    if notes.count < 3 || roll < 35 {
      let note = Note(title: "n", text: text)
      say("try save \(note.id.uuidString.lowercased()) \(text)")
      try await store.save(note)
      say("ack save \(note.id.uuidString.lowercased()) \(text)")
    } else if roll < 70 {
      var note = notes[Int.random(in: 0..<notes.count, using: &random)]
      note.text = text
      say("try save \(note.id.uuidString.lowercased()) \(text)")
      try await store.save(note)
      say("ack save \(note.id.uuidString.lowercased()) \(text)")
    } else {
      let note = notes[Int.random(in: 0..<notes.count, using: &random)]
      say("try delete \(note.id.uuidString.lowercased()) -")
      try await store.delete(note.id)
      say("ack delete \(note.id.uuidString.lowercased()) -")
    }
    if edit % 3 == 2 || edit == edits - 1 {
      say("round-start")
      do {
        let outcome = try await synchronizer.synchronize()
        say("round \(outcome.sent) \(outcome.pulled) \(outcome.conflicts.count)")
      } catch {
        say("round-failed \(error.localizedDescription)")
      }
    }
  }
}

struct SyncDeviceError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  guard arguments.first == "churn" else {
    throw SyncDeviceError(message: "unknown mode: \(arguments.first ?? "(none)")")
  }
  try await churn(Array(arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("SyncDevice: \(error)\n".utf8))
  exit(1)
}
