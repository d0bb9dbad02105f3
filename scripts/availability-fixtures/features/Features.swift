// Language features whose runtime support needs macOS 15 / iOS 18 when a function type's
// metadata is needed; a plain typed-throws function needs nothing.
enum ParseError: Error {
  case empty
}

func parse(_ text: String) throws(ParseError) -> Int {
  guard !text.isEmpty else { throw .empty }
  return text.count
}

struct Handlers {
  var parsers: [(String) throws(ParseError) -> Int] = []
  var untyped: [(String) throws -> Int] = []
  var jobs: [@isolated(any) () async -> Void] = []
}

/// `AsyncSequence`'s primary associated type `Failure` needs macOS 15 / iOS 18.
func numbers() -> some AsyncSequence<Int, Never> {
  AsyncStream { $0.finish() }
}

/// A generic parameter constrained to the plain protocol needs nothing new.
func drain<Numbers: AsyncSequence>(_ numbers: Numbers) async throws where Numbers.Element == Int {
  for try await _ in numbers {}
}
