// The state behind the statistics screen: the study history added up by day and by tag.

import Foundation
import LocalStore
import Models
import Observation

/// The statistics of every finished quiz, for a front end to chart.
///
/// ``load()`` reads the sessions in one batch and replaces ``statistics`` in one change.
/// Days are calendar days in the time zone given to `init`.
@Observable @MainActor
public final class StatisticsViewModel {
  /// The totals of the sessions last loaded; empty until ``load()``.
  public private(set) var statistics: StudyStatistics

  /// The time zone whose calendar days the sessions are grouped by.
  @ObservationIgnored public let timeZone: TimeZone

  @ObservationIgnored private let sessions: any Repository<StudySession>

  /// Creates a view model over `sessions`; call ``load()`` to fill it.
  ///
  /// - Parameters:
  ///   - sessions: The stored study history.
  ///   - timeZone: The time zone whose calendar days the sessions are grouped by.
  public init(sessions: any Repository<StudySession>, timeZone: TimeZone = .current) {
    self.sessions = sessions
    self.timeZone = timeZone
    statistics = StudyStatistics(sessions: [], timeZone: timeZone)
  }

  /// Reads every session and adds them up.
  public func load() async {
    let computed = StudyStatistics(sessions: await sessions.loadAll(), timeZone: timeZone)
    if statistics != computed { statistics = computed }
  }
}
