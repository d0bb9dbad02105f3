// Case 2: an async iterator that asks its wrapped stream with `next(isolation:)` (macOS 15 / iOS 18).
struct RepositoryChanges: AsyncSequence {
  let wakeUps: AsyncStream<Void>

  struct AsyncIterator: AsyncIteratorProtocol {
    var wakeUps: AsyncStream<Void>.AsyncIterator

    mutating func next() async -> Int? {
      while await wakeUps.next(isolation: #isolation) != nil {
        return 1
      }
      return nil
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(wakeUps: wakeUps.makeAsyncIterator())
  }
}

@MainActor func firstSignal(of stream: AsyncStream<Int>) async -> Int? {
  var iterator = stream.makeAsyncIterator()
  return await iterator.next(isolation: #isolation)
}
