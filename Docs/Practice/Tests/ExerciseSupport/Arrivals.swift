// Makes an interleaving of tasks happen every time: each caller waits for the others.

/// Counts callers, and holds each one until enough have arrived or a time has passed.
///
/// A race that depends on timing passes or fails at random. An exercise's test instead stops
/// each task at the point where the race opens, until the other task has reached it too, so
/// the unlucky interleaving happens on every run. The time limit only matters once the code is
/// fixed and the other task never comes.
public actor Arrivals {
  private let expected: Int
  private let limit: Duration
  /// How many callers have arrived so far.
  public private(set) var count = 0

  /// Waits for `expected` callers, or at most `limit`.
  public init(expected: Int, limit: Duration = .seconds(1)) {
    self.expected = expected
    self.limit = limit
  }

  /// Records one caller, then returns once `expected` have arrived or `limit` has passed.
  public func arrive() async {
    count += 1
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while count < expected, clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
  }
}
