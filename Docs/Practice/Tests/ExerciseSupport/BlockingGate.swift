// Stands in for a slow disk: blocking calls wait at the gate until the test opens it.

import Dispatch

/// A gate that blocking calls wait at, holding their thread the way a slow `fsync` does, and
/// a record of what happened while it was closed.
///
/// It makes waiting observable without a clock. A test closes the gate, lets the code under
/// test block at it, then asks the cooperative pool to run one small task (``probe()``). If
/// the blocked calls hold the pool's threads, that task can run only after the gate opens;
/// if they hold threads of their own, it runs at once. ``events`` says which came first.
///
/// A pool whose every thread waits at the gate cannot run the test either, so the gate also
/// opens itself after `fallback`, from a Dispatch thread: that only ends a run that has
/// already failed.
public struct BlockingGate: Sendable {
  /// What happened, in the order it happened.
  public enum Event: Hashable, Sendable {
    /// A call reached the gate and started to wait.
    case blocked
    /// A task on the cooperative pool ran.
    case probeRan
    /// The gate opened (by the test, or by itself after the fallback).
    case opened
    /// A call made by the test returned.
    case returned
  }

  private let events: AsyncStream<Event>
  private let record: AsyncStream<Event>.Continuation
  private let blockedCalls: AsyncStream<Void>
  private let countBlocked: AsyncStream<Void>.Continuation
  private let passage = DispatchSemaphore(value: 0)

  /// A closed gate that opens itself after `fallback` if nobody opens it first.
  public init(fallback: Duration = .seconds(10)) {
    (events, record) = AsyncStream.makeStream(of: Event.self)
    (blockedCalls, countBlocked) = AsyncStream.makeStream(of: Void.self)
    let (seconds, attoseconds) = fallback.components
    let delay = Double(seconds) + Double(attoseconds) / 1e18
    DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in open() }
  }

  /// Blocks the calling thread until the gate opens: the stand-in for a slow `fsync`.
  public func block() {
    record.yield(.blocked)
    countBlocked.yield()
    passage.wait()
    passage.signal()  // Lets the next waiter through too.
  }

  /// Opens the gate: every waiting call goes on, and later calls pass at once.
  public func open() {
    record.yield(.opened)
    passage.signal()
  }

  /// Records that a call under test returned.
  public func noteReturn() {
    record.yield(.returned)
  }

  /// Runs one small task on the cooperative pool and waits for it.
  public func probe() async {
    let record = self.record
    await Task.detached { _ = record.yield(.probeRan) }.value
  }

  /// Waits until `count` calls have reached the gate. Call it once.
  public func waitForBlockedCalls(_ count: Int) async {
    var seen = 0
    for await _ in blockedCalls {
      seen += 1
      if seen >= count { return }
    }
  }

  /// Every event so far, in order; the record ends here. Call it once, when the calls under
  /// test have returned.
  public func recordedEvents() async -> [Event] {
    record.finish()
    var all: [Event] = []
    for await event in events { all.append(event) }
    return all
  }
}
