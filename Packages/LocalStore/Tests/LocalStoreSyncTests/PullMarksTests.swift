// Every small schedule of writes that commit out of order and pulls at any times: no pull
// sequence may miss a write, and none may read a write more than three times.

import Foundation
import Testing

@testable import LocalStoreSync

/// A model of Kinto's changes feed with slow commits, run against ``PullMarks``' rules.
///
/// Each write takes a `last_modified` when it starts (strictly increasing) and commits up to
/// `latency` later; a pull at time `p` reads every write committed by `p` whose
/// `last_modified` is above its `_since`. Time and `last_modified` share one unit, the overlap
/// and the settle delay are both `latency`. The check goes through every placement of three
/// writes in the first five instants, every latency of each, and every set of pull instants
/// in the first nine, then two pulls `latency + 1` apart after the last commit, and checks:
/// after every pull, every write up to ``PullMarks/settled`` was read; after the last pull,
/// every write was read; no write was read more than three times (once new, and by at
/// most two settling pulls: a pull that settles a checkpoint reads again up to the overlap
/// before the next one).
struct PullMarksTests {
  struct Write {
    let lastModified: Int64
    let committed: Int64
  }

  static let latency: Int64 = 2

  /// Every schedule of three writes: instants 0–4 chosen in order, each latency 0–2.
  static func schedules() -> [[Write]] {
    var result: [[Write]] = []
    let instants: [Int64] = [0, 1, 2, 3, 4]
    for a in instants {
      for b in instants where b > a {
        for c in instants where c > b {
          for la in 0...latency {
            for lb in 0...latency {
              for lc in 0...latency {
                result.append([
                  Write(lastModified: a, committed: a + la),
                  Write(lastModified: b, committed: b + lb),
                  Write(lastModified: c, committed: c + lc),
                ])
              }
            }
          }
        }
      }
    }
    return result
  }

  /// Runs pulls at `instants` over `writes`; returns a failure, or `nil`, and the reads.
  static func run(_ writes: [Write], pulls instants: [Int64]) -> (failure: String?, reads: Int) {
    var marks = PullMarks()
    var reads = Array(repeating: 0, count: writes.count)
    let delay = Duration.seconds(latency)
    for now in instants {
      let date = Date(timeIntervalSince1970: TimeInterval(now))
      let settling = marks.settles(at: date, after: delay)
      let since = marks.since(settling: settling, overlap: latency)
      var newest = marks.cursor
      for (index, write) in writes.enumerated()
      where write.committed <= now && write.lastModified > since ?? -1 {
        reads[index] += 1
        newest = max(newest ?? write.lastModified, write.lastModified)
      }
      let after = marks.after(settling: settling, cursor: newest, at: date)
      if !after.isSame(as: marks) { marks.take(cursor: newest, marks: after) }
      if let settled = marks.settled,
        let unread = writes.indices.first(where: {
          writes[$0].lastModified <= settled && reads[$0] == 0
        })
      {
        return ("pulls \(instants): settled \(settled) at \(now) but \(writes[unread]) unread", 0)
      }
    }
    if let unread = writes.indices.first(where: { reads[$0] == 0 }) {
      return ("pulls \(instants): \(writes[unread]) never read", 0)
    }
    if let twice = writes.indices.first(where: { reads[$0] > 3 }) {
      return ("pulls \(instants): \(writes[twice]) read \(reads[twice]) times", 0)
    }
    return (nil, reads.reduce(0, +))
  }

  @Test func noScheduleOfPullsMissesAWriteOrReadsOneMoreThanThreeTimes() {
    let schedules = Self.schedules()
    var runs = 0
    var reads = 0
    var failures: [String] = []
    for writes in schedules {
      let end = (writes.map(\.committed).max() ?? 0) + 1
      for mask in 0..<(1 << 9) {
        let early = (0..<9).filter { mask & (1 << $0) != 0 }.map { Int64($0) }
        let instants = early + [end + 10, end + 10 + Self.latency + 1]
        let outcome = Self.run(writes, pulls: instants)
        runs += 1
        reads += outcome.reads
        if let failure = outcome.failure, failures.count < 5 { failures.append(failure) }
      }
    }
    print(
      "PullMarks: \(schedules.count) write schedules × 512 pull schedules = \(runs) runs, "
        + "\(reads) reads of \(runs * 3) writes, \(failures.count) failures")
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test func aPullRightAfterAnotherReadsFromTheCursorAndALaterOneSettles() {
    let start = Date(timeIntervalSince1970: 1_000)
    var marks = PullMarks()
    #expect(
      marks.since(settling: marks.settles(at: start, after: .seconds(10)), overlap: 500) == nil)
    marks = marks.after(settling: false, cursor: 9_000, at: start)
    let soon = start.addingTimeInterval(3)
    #expect(!marks.settles(at: soon, after: .seconds(10)))
    #expect(marks.since(settling: false, overlap: 500) == 9_000)
    let later = start.addingTimeInterval(11)
    #expect(marks.settles(at: later, after: .seconds(10)))
    #expect(marks.since(settling: true, overlap: 500) == 8_500)
    // A clock set back settles at once rather than never.
    #expect(marks.settles(at: start.addingTimeInterval(-60), after: .seconds(10)))
    // A store from before checkpoints: its next pull settles, from the overlap.
    let old = PullMarks(cursor: 9_000)
    #expect(old.settles(at: soon, after: .seconds(10)))
    #expect(old.since(settling: true, overlap: 500) == 8_500)
  }
}
