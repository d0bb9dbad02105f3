// Makes every mutant of a solution that each operator applies to, site by site.

import Foundation

/// Enumerates the mutants of one file: every statement inside a function for the operators on
/// statements, every pair of adjacent statements, every gap between a read and a later write
/// of isolated state, every `try`, every condition, every actor, every stored variable of an
/// isolated type, every queue.
struct Mutator {
  let outline: SourceOutline

  /// A mutator for `source`.
  init(_ source: String) {
    outline = SourceOutline(source)
  }

  /// Every mutant, in file order within each operator, with sites made unique.
  func mutants() -> [Mutant] {
    var all: [Mutant] = []
    all += deletions() + swaps() + suspensions() + tasks() + optionalTries()
    all += conditions() + actorsAsClasses() + unsafeVariables() + concurrentQueues()
    var seen: [String: Int] = [:]
    return all.map { mutant in
      var mutant = mutant
      seen[mutant.key, default: 0] += 1
      if let count = seen[mutant.key], count > 1 { mutant.site += " #\(count)" }
      return mutant
    }
  }

  private var lines: [String] { outline.lines }
  private var statements: [SourceOutline.Statement] { outline.statementsInFunctions }

  private func mutant(
    _ mutation: MutationOperator, at line: Int, site: String, lines changed: [String]
  ) -> Mutant {
    Mutant(
      mutation: mutation, line: line + 1, site: site,
      source: changed.joined(separator: "\n"))
  }

  private func replacing(_ range: ClosedRange<Int>, with new: [String]) -> [String] {
    var changed = lines
    changed.replaceSubrange(range, with: new)
    return changed
  }

  private func deletions() -> [Mutant] {
    statements.map { statement in
      mutant(
        statement.keyword == "guard" ? .dropGuard : .delete, at: statement.first,
        site: statement.head, lines: replacing(statement.first...statement.last, with: []))
    }
  }

  private func swaps() -> [Mutant] {
    outline.blocks.indices.filter(outline.isInFunction).flatMap { index in
      let siblings = outline.blocks[index].statements
      return zip(siblings, siblings.dropFirst()).map { first, second in
        let between = Array(lines[(first.last + 1)..<second.first])
        let swapped =
          Array(lines[second.first...second.last]) + between
          + Array(lines[first.first...first.last])
        return mutant(
          .swap, at: first.first, site: "\(first.head) ⇄ \(second.head)",
          lines: replacing(first.first...second.last, with: swapped))
      }
    }
  }

  /// A suspension point between statements of a method of an isolated type (never inside a
  /// closure), wherever a statement before it reads a stored property of the type and one
  /// after it writes one. The method is made `async` if it was not.
  private func suspensions() -> [Mutant] {
    var found: [Mutant] = []
    for index in outline.blocks.indices {
      guard let function = outline.enclosingFunction(of: index),
        case .function(let isAsync, let isInitializer) = outline.blocks[function].kind,
        !isInitializer, let type = outline.enclosingType(of: function),
        case .type(_, _, isolated: true) = outline.blocks[type].kind
      else { continue }
      let names = outline.storedProperties.filter { $0.block == type }.map(\.name)
      let inFunction = statements.filter { outline.enclosingFunction(of: $0.block) == function }
      let siblings = outline.blocks[index].statements
      for (before, after) in zip(siblings, siblings.dropFirst()) {
        let read = inFunction.contains { $0.first <= before.last && reads(names, $0) }
        let write = inFunction.contains { $0.first >= after.first && writes(names, $0) }
        guard read, write else { continue }
        var changed = lines
        changed.insert("await Task.yield()", at: after.first)
        if !isAsync, let header = headerLine(of: function) {
          changed[header] = Self.makingAsync(changed[header])
        }
        found.append(
          mutant(.suspend, at: after.first, site: "before \(after.head)", lines: changed))
      }
      for statement in siblings where statement.first == statement.last {
        guard let split = Self.splittingCompoundAssignment(lines[statement.first], of: names) else {
          continue
        }
        var changed = lines
        changed[statement.first] = split
        if !isAsync, let header = headerLine(of: function) {
          changed[header] = Self.makingAsync(changed[header])
        }
        found.append(
          mutant(.suspend, at: statement.first, site: "inside \(statement.head)", lines: changed))
      }
    }
    return found
  }

  /// `counts[page] += 1`, where `counts` is one of `names`, as a read, a suspension point and
  /// a write: `let read = counts[page]; await Task.yield(); counts[page] = read + 1`.
  static func splittingCompoundAssignment(_ line: String, of names: [String]) -> String? {
    guard
      let match = line.firstMatch(of: /^(\s*)((?:self\.)?(\w+)(?:\[[^\]]*\])?) (\+|-)= (.+)$/),
      names.contains(String(match.3))
    else { return nil }
    let (indent, target, operation, operand) = (match.1, match.2, match.4, match.5)
    return
      "\(indent)let read = \(target); await Task.yield(); \(target) = read \(operation) \(operand)"
  }

  private func reads(_ names: [String], _ statement: SourceOutline.Statement) -> Bool {
    let words = Set(
      (statement.first...statement.last).flatMap { SourceOutline.words(outline.code[$0]) })
    return names.contains { words.contains($0) }
  }

  private func writes(_ names: [String], _ statement: SourceOutline.Statement) -> Bool {
    let text = (statement.first...statement.last).map { outline.code[$0] }.joined(separator: " ")
    return names.contains { name in
      let pattern =
        #"(^|[^\w.]|self\.)"# + name + #"(\[[^\]]*\])?\s*(=[^=]|\+=|-=)|"# + name
        + #"\.(append|insert|remove|merge|update)"#
      return text.range(of: pattern, options: .regularExpression) != nil
    }
  }

  /// The line that opens the body of `function`: the last line before its first statement
  /// that ends with `{`.
  private func headerLine(of function: Int) -> Int? {
    guard let first = outline.blocks[function].statements.first?.first else { return nil }
    return (0..<first).last { outline.code[$0].trimmingTrailingSpaces.hasSuffix("{") }
  }

  static func makingAsync(_ header: String) -> String {
    if header.contains(" throws") {
      return header.replacingOccurrences(of: " throws", with: " async throws")
    }
    if let arrow = header.range(of: " -> ") {
      return header.replacingCharacters(in: arrow, with: " async -> ")
    }
    return header.replacingOccurrences(of: ") {", with: ") async {")
  }

  /// Every statement that does something (not a declaration, `return`, `guard`, `throw` or
  /// `defer`), run in a task instead.
  private func tasks() -> [Mutant] {
    let skipped: Set<String> = [
      "let", "var", "return", "guard", "throw", "defer", "case", "default",
    ]
    return statements.filter { !skipped.contains($0.keyword) }.flatMap { statement in
      let body = Array(lines[statement.first...statement.last])
      return [(MutationOperator.task, "Task {"), (.detached, "Task.detached {")].map { kind, open in
        mutant(
          kind, at: statement.first, site: statement.head,
          lines: replacing(statement.first...statement.last, with: [open] + body + ["}"]))
      }
    }
  }

  /// Each `try` inside a function, made `try?`.
  private func optionalTries() -> [Mutant] {
    let covered = Set(statements.flatMap { Array($0.first...$0.last) })
    return covered.sorted().flatMap { index -> [Mutant] in
      let code = outline.code[index]
      var found: [Mutant] = []
      var searchFrom = code.startIndex
      while let range = code.range(
        of: #"\btry\s"#, options: .regularExpression, range: searchFrom..<code.endIndex)
      {
        var changed = lines
        changed[index].replaceSubrange(range, with: "try? ")
        found.append(
          mutant(.tryOptional, at: index, site: lines[index].trimmingLeadingSpaces, lines: changed))
        searchFrom = range.upperBound
      }
      return found
    }
  }

  /// Each `if` made to always run its body, and each clause of an `if` or `guard` with
  /// several dropped.
  private func conditions() -> [Mutant] {
    statements.filter { $0.keyword == "if" || $0.keyword == "guard" }.flatMap { statement in
      let index = statement.first
      let line = lines[index]
      let keyword = statement.keyword
      guard let start = line.range(of: "\(keyword) "),
        let end = line.range(
          of: keyword == "if" ? " {" : " else", range: start.upperBound..<line.endIndex)
      else { return [Mutant]() }
      let condition = String(line[start.upperBound..<end.lowerBound])
      let clauses = Self.clauses(condition)
      var found: [Mutant] = []
      if keyword == "if" {
        var changed = lines
        changed[index].replaceSubrange(start.upperBound..<end.lowerBound, with: "true")
        found.append(mutant(.dropCondition, at: index, site: statement.head, lines: changed))
      }
      if clauses.count > 1 {
        for dropped in clauses.indices {
          var kept = clauses
          kept.remove(at: dropped)
          var changed = lines
          changed[index].replaceSubrange(
            start.upperBound..<end.lowerBound, with: kept.joined(separator: ", "))
          found.append(
            mutant(
              .dropCondition, at: index, site: "\(clauses[dropped]) in \(statement.head)",
              lines: changed))
        }
      }
      return found
    }
  }

  /// The comma-separated clauses of a condition, commas inside brackets left alone.
  static func clauses(_ condition: String) -> [String] {
    var clauses: [String] = []
    var current = ""
    var depth = 0
    for character in condition {
      if "([{".contains(character) { depth += 1 }
      if ")]}".contains(character) { depth -= 1 }
      if character == ",", depth == 0 {
        clauses.append(current.trimmingLeadingSpaces)
        current = ""
      } else {
        current.append(character)
      }
    }
    clauses.append(current.trimmingLeadingSpaces)
    return clauses
  }

  /// Each actor made a class: one behind a lock taken by every synchronous method (the
  /// asynchronous ones cannot hold it across an `await`, and go without), one that only
  /// claims `@unchecked Sendable`.
  private func actorsAsClasses() -> [Mutant] {
    outline.blocks.indices.flatMap { index -> [Mutant] in
      guard case .type(let name, isActor: true, _) = outline.blocks[index].kind,
        let header = outline.code.firstIndex(where: {
          $0.range(of: "(^|\\s)actor \(name)\\b", options: .regularExpression) != nil
        })
      else { return [] }
      let declaration = lines[header].replacingOccurrences(
        of: "actor \(name)", with: "final class \(name)")
      let unchecked =
        declaration.contains(": ")
        ? declaration.replacingOccurrences(of: "\(name): ", with: "\(name): @unchecked Sendable, ")
        : declaration.replacingOccurrences(of: "\(name) {", with: "\(name): @unchecked Sendable {")
      var plain = lines
      plain[header] = unchecked
      if !lines.contains(where: { $0.hasPrefix("import Foundation") }) {
        plain.insert("import Foundation", at: 0)
      }
      var locked = plain
      let shift = locked.count - lines.count
      var inserted = 0
      for function in outline.blocks.indices where outline.blocks[function].parent == index {
        guard case .function(isAsync: false, isInitializer: false) = outline.blocks[function].kind,
          let first = outline.blocks[function].statements.first?.first
        else { continue }
        locked.insert("lock.lock(); defer { lock.unlock() }", at: first + shift + inserted)
        inserted += 1
      }
      locked.insert("private let lock = NSLock()", at: header + shift + 1)
      return [
        Mutant(
          mutation: .classWithLock, line: header + 1, site: lines[header].trimmingLeadingSpaces,
          source: locked.joined(separator: "\n")),
        Mutant(
          mutation: .uncheckedClass, line: header + 1, site: lines[header].trimmingLeadingSpaces,
          source: plain.joined(separator: "\n")),
      ]
    }
  }

  /// Each stored variable of an actor or a `@MainActor` type, made `nonisolated(unsafe)`.
  private func unsafeVariables() -> [Mutant] {
    outline.storedProperties.filter(\.isVariable).compactMap { property in
      guard case .type(_, _, isolated: true) = outline.blocks[property.block].kind else {
        return nil
      }
      let line = lines[property.line]
      let indent = String(line.prefix { $0 == " " })
      var changed = lines
      changed[property.line] = indent + "nonisolated(unsafe) " + line.trimmingLeadingSpaces
      return mutant(
        .nonisolatedUnsafe, at: property.line, site: line.trimmingLeadingSpaces, lines: changed)
    }
  }

  /// Each `DispatchQueue(label:)` made concurrent, and each `queue.async {` sent to a global
  /// queue instead.
  private func concurrentQueues() -> [Mutant] {
    lines.indices.flatMap { index -> [Mutant] in
      let code = outline.code[index]
      var found: [Mutant] = []
      if let range = code.range(of: #"DispatchQueue\(label: [^)]*\)"#, options: .regularExpression)
      {
        var changed = lines
        let call = String(lines[index][range])
        changed[index].replaceSubrange(range, with: call.dropLast() + ", attributes: .concurrent)")
        found.append(
          mutant(
            .concurrentQueue, at: index, site: lines[index].trimmingLeadingSpaces, lines: changed))
      }
      if let range = code.range(of: #"[\w.]+\.async \{"#, options: .regularExpression) {
        var changed = lines
        changed[index].replaceSubrange(range, with: "DispatchQueue.global().async {")
        found.append(
          mutant(
            .concurrentQueue, at: index, site: lines[index].trimmingLeadingSpaces, lines: changed))
      }
      return found
    }
  }
}
