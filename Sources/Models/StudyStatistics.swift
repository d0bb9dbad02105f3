// Totals of the study history: per calendar day, per tag and overall.

import Foundation

/// What a person's finished quizzes add up to.
///
/// A pure computation over sessions, with no storage of its own. Sessions are grouped by the
/// calendar day of their ``StudySession/finishedAt`` in a given time zone. Tags are compared
/// ignoring case and shown in the spelling first seen in the oldest session; an answer
/// counts once for each of its tags, and an answer to an untagged question counts in the
/// totals and its day but under no tag.
public struct StudyStatistics: Equatable, Sendable {
  /// The sessions finished on one calendar day.
  public struct Day: Equatable, Sendable {
    /// The start of the day in the time zone the statistics were computed in.
    public var start: Date
    /// The number of quizzes finished that day.
    public var sessionCount: Int
    /// The number of questions answered that day.
    public var answered: Int
    /// How many of them were known.
    public var known: Int

    /// The share known, from 0 to 1; 0 when nothing was answered.
    public var accuracy: Double { StudyStatistics.share(known, of: answered) }
  }

  /// The answers to questions with one tag.
  public struct TagAccuracy: Equatable, Sendable {
    /// The tag, in the spelling first seen.
    public var tag: String
    /// The number of answers to questions with this tag.
    public var answered: Int
    /// How many of them were known.
    public var known: Int

    /// The share known, from 0 to 1; 0 when nothing was answered.
    public var accuracy: Double { StudyStatistics.share(known, of: answered) }
  }

  /// One entry per calendar day with at least one session, oldest first.
  public private(set) var days: [Day] = []
  /// One entry per tag, most answered first, then by name ignoring case.
  public private(set) var tags: [TagAccuracy] = []
  /// The number of sessions.
  public private(set) var sessionCount = 0
  /// The number of answers in all sessions.
  public private(set) var answered = 0
  /// How many of them were known.
  public private(set) var known = 0

  /// The share of all answers that were known, from 0 to 1; 0 when there are none.
  public var accuracy: Double { Self.share(known, of: answered) }

  /// Adds up `sessions`, in any order, with days taken in `timeZone`.
  public init(sessions: [StudySession], timeZone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let ordered = sessions.sorted { ($0.finishedAt, $0.id) < ($1.finishedAt, $1.id) }
    var tagIndex: [String: Int] = [:]
    for session in ordered {
      let known = session.knownCount
      sessionCount += 1
      answered += session.count
      self.known += known
      let start = calendar.startOfDay(for: session.finishedAt)
      if let last = days.indices.last, days[last].start == start {
        days[last].sessionCount += 1
        days[last].answered += session.count
        days[last].known += known
      } else {
        days.append(Day(start: start, sessionCount: 1, answered: session.count, known: known))
      }
      for answer in session.answers {
        var counted: Set<String> = []  // A tag given twice in one answer counts once.
        for tag in answer.tags {
          let key = Self.key(tag)
          guard counted.insert(key).inserted else { continue }
          let index = tagIndex[key] ?? tags.count
          if index == tags.count {
            tagIndex[key] = index
            tags.append(TagAccuracy(tag: tag, answered: 0, known: 0))
          }
          tags[index].answered += 1
          if answer.knewIt { tags[index].known += 1 }
        }
      }
    }
    tags.sort { first, second in
      if first.answered != second.answered { return first.answered > second.answered }
      return (Self.key(first.tag), first.tag) < (Self.key(second.tag), second.tag)
    }
  }

  /// What tags are compared by: the tag with case folded.
  private static func key(_ tag: String) -> String {
    tag.lowercased()
  }

  fileprivate static func share(_ part: Int, of whole: Int) -> Double {
    whole == 0 ? 0 : Double(part) / Double(whole)
  }
}
