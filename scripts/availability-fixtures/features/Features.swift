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
