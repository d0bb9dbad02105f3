// Makes an interleaving of tasks happen every time: callers are let through in groups.

/// Holds each caller until a group of `expected` callers has arrived, then lets the group go.
///
/// A race that depends on timing passes or fails at random. An exercise's test instead stops
/// each task at the point where the race opens, until the other task has reached it too, so
/// the unlucky interleaving happens on every run. Callers are counted in groups: with
/// `expected` 2, the first and second callers go on together, then the third and fourth, so a
/// check made twice by each of two tasks is held twice. The time limit only matters when the
/// other task never comes (the code under test no longer makes that call); it is generous,
/// because a slow machine must not let a wrong fix through.
public actor Arrivals {
  private let expected: Int
  private let limit: Duration
  /// How many callers have arrived so far.
  public private(set) var count = 0

  /// Lets callers through in groups of `expected`, waiting at most `limit` for a group to fill.
  public init(expected: Int, limit: Duration = .seconds(10)) {
    self.expected = expected
    self.limit = limit
  }

  /// Records one caller, then returns once its group is complete or `limit` has passed.
  public func arrive() async {
    count += 1
    let groupEnd = (count + expected - 1) / expected * expected
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while count < groupEnd, clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(2))
    }
  }
}
