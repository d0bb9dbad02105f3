// What became of one mutant, and the record of outcomes kept between runs.

import Foundation

/// What the exercise's tests made of one mutant.
enum MutantOutcome: String, Codable, Sendable {
  /// The mutated file does not compile on its own: no learner could hand it in.
  case notCompiled
  /// The file compiles, but the exercise's tests do not build with it: the learner's build fails.
  case killedByBuild
  /// The tests fail.
  case killed
  /// The tests ran past the time limit and were stopped: the learner's run fails too.
  case hung
  /// Every test passes: the tests do not notice the change.
  case survived

  /// Whether the mutant compiled on its own.
  var compiled: Bool { self != .notCompiled }

  /// Whether the tests (or their build) refused it.
  var killed: Bool { self == .killed || self == .killedByBuild || self == .hung }
}

/// Outcomes of earlier runs, keyed by everything a run depends on (the mutant's text, the
/// exercise's tests, the test support, the build flags), in `.build/mutants/outcomes.json`:
/// a run repeats only the mutants whose inputs changed.
struct MutantCache {
  let file: URL
  private(set) var outcomes: [String: MutantOutcome]

  /// The record in `file`; empty when it is missing or unreadable.
  init(file: URL) {
    self.file = file
    let data = try? Data(contentsOf: file)
    outcomes =
      data.flatMap { try? JSONDecoder().decode([String: MutantOutcome].self, from: $0) } ?? [:]
  }

  subscript(key: String) -> MutantOutcome? {
    get { outcomes[key] }
    set { outcomes[key] = newValue }
  }

  /// Writes the record; a failure only costs the next run its time.
  func save() {
    try? FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    try? encoder.encode(outcomes).write(to: file, options: .atomic)
  }

  /// A 64-bit FNV-1a hash of `parts`, in hexadecimal: a cache key, not a checksum.
  static func key(_ parts: [String]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for part in parts {
      for byte in part.utf8 + [0] {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
    }
    return String(hash, radix: 16)
  }
}
