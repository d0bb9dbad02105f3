// The statements, blocks and types of a Swift file, read line by line, for the mutation tool.

import Foundation

/// A light outline of one Swift file formatted by `swift format`: each statement inside a
/// function with the lines it spans, the block it sits in, and each type with its stored
/// properties. It is not a parser: it counts brackets outside strings and comments, which is
/// enough for the exercises' solutions, and anything it misreads makes a mutant that does not
/// compile, which the mutation table counts apart.
struct SourceOutline {
  /// What kind of code a block holds.
  enum BlockKind: Equatable {
    /// The members of a type; `isolated` when it is an actor or a `@MainActor` type.
    case type(name: String, isActor: Bool, isolated: Bool)
    /// The body of a function, an initializer or a computed property.
    case function(isAsync: Bool, isInitializer: Bool)
    /// The body of a closure.
    case closure
    /// The body of an `if`, `guard`, `for`, `while`, `do`, `catch` or `defer`.
    case control
    /// Anything else (the file's top level).
    case other
  }

  /// One block: a pair of braces and what sits between them.
  struct Block {
    var kind: BlockKind
    /// The index of the enclosing block, `nil` for the file.
    var parent: Int?
    /// The statements directly inside, in order.
    var statements: [Statement] = []
  }

  /// One statement: its lines (first through last, 0-based), and the block it is in.
  struct Statement {
    var first: Int
    var last: Int
    var block: Int
    /// Its first line without indentation or comment.
    var head: String

    /// The statement's first word: `let`, `return`, `guard`, `if`, or an expression's start.
    var keyword: String {
      String(head.prefix { $0.isLetter || $0 == "?" })
    }
  }

  /// One stored property of a type: its line and name.
  struct StoredProperty {
    var line: Int
    var name: String
    var isVariable: Bool
    /// The block of the type it belongs to.
    var block: Int
  }

  /// The file's lines, as given.
  let lines: [String]
  /// Each line with strings blanked and comments removed.
  let code: [String]
  /// Every block; index 0 is the file.
  private(set) var blocks: [Block] = [Block(kind: .other, parent: nil)]
  /// Every stored property of every type.
  private(set) var storedProperties: [StoredProperty] = []

  /// Outlines `source`.
  init(_ source: String) {
    lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    code = lines.map(Self.codePart)
    read()
  }

  /// Every statement in a function (at any depth inside it), in file order.
  var statementsInFunctions: [Statement] {
    blocks.indices.filter { isInFunction($0) }.flatMap { blocks[$0].statements }
      .sorted { $0.first < $1.first }
  }

  /// Whether block `index` is a function body or lies inside one.
  func isInFunction(_ index: Int) -> Bool {
    var current: Int? = index
    while let block = current {
      if case .function = blocks[block].kind { return true }
      if case .type = blocks[block].kind { return false }
      current = blocks[block].parent
    }
    return false
  }

  /// The function block that `index` is or lies in, without crossing a closure.
  func enclosingFunction(of index: Int, crossingClosures: Bool = false) -> Int? {
    var current: Int? = index
    while let block = current {
      switch blocks[block].kind {
      case .function: return block
      case .closure where !crossingClosures: return nil
      case .type: return nil
      default: current = blocks[block].parent
      }
    }
    return nil
  }

  /// The type block that `index` lies in, if any.
  func enclosingType(of index: Int) -> Int? {
    var current = blocks[index].parent
    while let block = current {
      if case .type = blocks[block].kind { return block }
      current = blocks[block].parent
    }
    return nil
  }

  private mutating func read() {
    var stack = [0]
    var parens = 0
    var pending: [(first: Int, block: Int, parens: Int)] = []
    for (index, line) in code.enumerated() {
      let text = line.trimmingLeadingSpaces
      let starts = !text.isEmpty && !text.hasPrefix("}") && !text.hasPrefix(")")
      if starts, !text.hasPrefix("#"), pending.last?.block != stack.last {
        pending.append((index, stack.last ?? 0, parens))
        recordProperty(text, line: index, in: stack.last ?? 0)
      }
      for character in line {
        switch character {
        case "{":
          let opener = pending.last.map { code[$0.first] } ?? text
          blocks.append(
            Block(kind: blockKind(opening: text, statement: opener), parent: stack.last))
          stack.append(blocks.count - 1)
        case "}" where stack.count > 1:
          let closed = stack.removeLast()
          while let last = pending.last, last.block == closed {
            close(last, at: index - 1)
            pending.removeLast()
          }
        case "(", "[": parens += 1
        case ")", "]": parens -= 1
        default: break
        }
      }
      guard let last = pending.last, last.block == stack.last, parens == last.parens,
        !continues(after: index)
      else { continue }
      close(last, at: index)
      pending.removeLast()
    }
  }

  private mutating func close(_ statement: (first: Int, block: Int, parens: Int), at last: Int) {
    let head = String(lines[statement.first].prefix(code[statement.first].count))
      .trimmingLeadingSpaces.trimmingTrailingSpaces
    blocks[statement.block].statements.append(
      Statement(
        first: statement.first, last: max(last, statement.first), block: statement.block,
        head: head))
  }

  /// Whether the statement ending on `index` goes on to the next line.
  private func continues(after index: Int) -> Bool {
    let text = code[index].trimmingTrailingSpaces
    for ending in ["=", ",", "&&", "||", "??", "+", "->", "(", "["] where text.hasSuffix(ending) {
      return true
    }
    if let last = Self.words(text).last, last == "else" || last == "in", !text.hasSuffix("}") {
      return true
    }
    guard let next = code[(index + 1)...].first(where: { !$0.trimmingLeadingSpaces.isEmpty })
    else { return false }
    let start = next.trimmingLeadingSpaces
    return [".", "?", "&&", "||", "??", "+ ", "- ", "where ", "else", "catch", "-> "]
      .contains { start.hasPrefix($0) } && !start.hasPrefix("...")
  }

  private func blockKind(opening line: String, statement: String) -> BlockKind {
    let words = Self.words(statement)
    for keyword in ["actor", "class", "struct", "enum", "extension", "protocol"]
    where words.contains(keyword) && !words.contains("func") {
      guard let position = words.firstIndex(of: keyword), position + 1 < words.count else { break }
      let isActor = keyword == "actor"
      return .type(
        name: words[position + 1], isActor: isActor,
        isolated: isActor || statement.contains("@MainActor"))
    }
    if line.range(of: #"\bin\s*$"#, options: .regularExpression) != nil
      || line.hasSuffix("{") && String(line.dropLast()).trimmingTrailingSpaces.hasSuffix("Task")
      || line.contains("Task {") || line.contains("Task.detached {")
      || (line.contains(") {") || line.contains("= {")) && !words.contains("func")
        && !Self.controlWords.contains(words.first ?? "") && !words.contains("init")
    {
      return .closure
    }
    if words.contains("func") || words.first == "init" || words.contains("init")
      || words.first == "deinit" || words.contains("var") || words.contains("get")
    {
      return .function(isAsync: words.contains("async"), isInitializer: words.contains("init"))
    }
    if let first = Self.words(line).first, Self.controlWords.contains(first) { return .control }
    if Self.words(line).contains("else") || line.contains("} catch") { return .control }
    return .control
  }

  private mutating func recordProperty(_ text: String, line: Int, in block: Int) {
    guard case .type = blocks[block].kind else { return }
    let words = Self.words(text)
    guard let position = words.firstIndex(where: { $0 == "var" || $0 == "let" }),
      !words.contains("func"), !text.hasSuffix("{"), position + 1 < words.count
    else { return }
    storedProperties.append(
      StoredProperty(
        line: line, name: words[position + 1], isVariable: words[position] == "var", block: block))
  }

  static let controlWords: Set<String> = [
    "if", "guard", "for", "while", "do", "catch", "defer", "switch", "repeat", "else",
  ]

  /// The identifiers and keywords of `text`, in order.
  static func words(_ text: String) -> [String] {
    text.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "@") }.map(String.init)
  }

  /// `line` with the contents of string literals blanked and a `//` comment removed.
  static func codePart(_ line: String) -> String {
    var result = ""
    var inString = false
    var previous: Character = " "
    for character in line {
      if inString {
        if character == "\"" && previous != "\\" { inString = false }
        result.append(character == "\"" ? "\"" : " ")
      } else if character == "/" && previous == "/" {
        result.removeLast()
        break
      } else {
        if character == "\"" { inString = true }
        result.append(character)
      }
      previous = character
    }
    return result
  }
}

extension String {
  /// The string without leading spaces.
  var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
  /// The string without trailing spaces.
  var trimmingTrailingSpaces: String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}
