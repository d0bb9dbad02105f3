// Checks the arguments and option values of one subcommand and builds its `Command`.

import CommandLineKit
import Foundation
import LocalStoreSyncKit
import Models
import Persistence

/// The positional arguments and option values given to a subcommand.
nonisolated struct CommandArguments {
  /// The subcommand they were given to.
  var subcommand: Subcommand
  /// The positional arguments after the subcommand's name, in order.
  var positionals: [String]
  /// Every value given to each value-taking option, in order.
  var values: [OptionName: [String]]
  /// The subcommand's own flags that were given, such as `--skip-invalid`.
  var flags: Set<OptionName> = []

  /// The validated command.
  ///
  /// - Throws: A usage ``AppError`` when an argument is missing, extra or blank, or when
  ///   the text of a question breaks a rule of ``/Models/QuestionContent``.
  func command() throws(AppError) -> Command {
    switch subcommand {
    case .add:
      let prompt = try exactlyOne("<prompt>")
      guard let answer = try single(.answer) else {
        throw .missingOption("--answer <text>", subcommand: subcommand)
      }
      let tags = try tags()
      do {
        return .add(try QuestionContent(prompt: prompt, answer: answer, tags: tags))
      } catch {
        throw .invalidContent(error, subcommand: subcommand)
      }
    case .list:
      try noPositionals()
      return .list(tag: try filterTag())
    case .show, .delete:
      let text = try exactlyOne("<id>")
      guard let reference = QuestionReference(text) else {
        throw .malformedID(text, subcommand: subcommand)
      }
      return subcommand == .show ? .show(reference) : .delete(reference)
    case .edit:
      let text = try exactlyOne("<id>")
      guard let reference = QuestionReference(text) else {
        throw .malformedID(text, subcommand: subcommand)
      }
      let prompt = try single(.prompt)
      let answer = try single(.answer)
      // Given at all, the tags replace every tag; `--tag ""` alone removes them.
      let tags = values[.tag].map { $0.allSatisfy(isBlank) ? [] : $0 }
      if values[.tag]?.count ?? 0 > 1, values[.tag]?.contains(where: isBlank) == true {
        throw .blankValue("--tag", subcommand: subcommand)
      }
      guard prompt != nil || answer != nil || tags != nil else {
        throw .nothingToChange(subcommand: subcommand)
      }
      return .edit(reference, prompt: prompt, answer: answer, tags: tags)
    case .search:
      guard !positionals.isEmpty else { throw .missingArgument("<text>", subcommand: subcommand) }
      let text = positionals.joined(separator: " ")
      guard !isBlank(text) else { throw .blankValue("<text>", subcommand: subcommand) }
      return .search(text)
    case .quiz:
      try noPositionals()
      return .quiz(tag: try filterTag(), count: try positiveNumber(.count))
    case .stats:
      try noPositionals()
      return .stats
    case .sample:
      try noPositionals()
      return .sample
    case .repair:
      try noPositionals()
      let file = try single(.apply)
      if file?.isEmpty == true { throw .blankValue("--apply", subcommand: subcommand) }
      return .repair(apply: file)
    case .migrate:
      try noPositionals()
      guard let text = try single(.to) else {
        throw .missingOption(OptionName.to.rawValue, subcommand: subcommand)
      }
      // The synced store is chosen by `questions sync`, which also needs a server.
      guard let kind = StoreKind(rawValue: text.lowercased()), kind != .synced else {
        throw .invalidValue(
          text, option: OptionName.to.rawValue, expected: "sqlite or journal",
          subcommand: subcommand)
      }
      return .migrate(to: kind)
    case .sync:
      // Read by the rules every tool's `sync` shares (LocalStoreSyncKit).
      let (keep, server, user) = (try single(.keep), try single(.server), try single(.user))
      let request: SyncRequest
      do throws(UsageError) {
        request = try SyncRequest(
          keep: keep, server: server, user: user, status: flags.contains(.status),
          arguments: positionals, noun: "question")
      } catch {
        throw .usage(error, subcommand: subcommand)
      }
      switch request {
      case .round(let server, let user): return .sync(server: server, user: user, status: false)
      case .status: return .sync(server: nil, user: nil, status: true)
      case .keep(let reference, let mine): return .resolveSyncConflict(reference, keepMine: mine)
      }
    case .export:
      try noPositionals(after: 1)
      return .export(format: try format(), destination: positionals.first)
    case .import:
      let source = try exactlyOne("<file>")
      guard !source.isEmpty else { throw .blankValue("<file>", subcommand: subcommand) }
      return .import(
        source: source, format: try format(), skipInvalid: flags.contains(.skipInvalid))
    case .help:
      guard positionals.count <= 1 else {
        throw .unexpectedArgument(positionals[1], subcommand: subcommand)
      }
      guard let name = positionals.first else { return .help(nil) }
      guard let topic = Subcommand(rawValue: name) else { throw .unknownCommand(name) }
      return .help(topic)
    }
  }

  /// The `--format` value, `nil` when absent.
  private func format() throws(AppError) -> InterchangeFormat? {
    guard let text = try single(.format) else { return nil }
    guard let format = InterchangeFormat(rawValue: text.lowercased()) else {
      throw .invalidValue(
        text, option: OptionName.format.rawValue, expected: "json or csv", subcommand: subcommand)
    }
    return format
  }

  /// The `--tag` values as given, to be cleaned by ``QuestionContent``.
  ///
  /// - Throws: ``AppError/blankValue(_:subcommand:)`` when a value is blank, rather than
  ///   dropping it as the content rules would.
  private func tags() throws(AppError) -> [String] {
    let raw = values[.tag] ?? []
    if raw.contains(where: isBlank) { throw .blankValue("--tag", subcommand: subcommand) }
    return raw
  }

  /// The trimmed `--tag` value that filters questions, `nil` when absent.
  private func filterTag() throws(AppError) -> String? {
    let tag = try single(.tag).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    if tag?.isEmpty == true { throw .blankValue("--tag", subcommand: subcommand) }
    return tag
  }

  /// The value of `option` as a whole number of at least 1, `nil` when absent.
  private func positiveNumber(_ option: OptionName) throws(AppError) -> Int? {
    guard let text = try single(option) else { return nil }
    guard let number = Int(text.trimmingCharacters(in: .whitespaces)), number >= 1 else {
      throw .notAPositiveNumber(text, option: option.rawValue, subcommand: subcommand)
    }
    return number
  }

  private func exactlyOne(_ label: String) throws(AppError) -> String {
    guard let first = positionals.first else {
      throw .missingArgument(label, subcommand: subcommand)
    }
    try noPositionals(after: 1)
    return first
  }

  private func noPositionals(after count: Int = 0) throws(AppError) {
    if positionals.count > count {
      throw .unexpectedArgument(positionals[count], subcommand: subcommand)
    }
  }

  private func single(_ option: OptionName) throws(AppError) -> String? {
    try InvocationParser.single(option, in: values, subcommand: subcommand)
  }

  private func isBlank(_ text: String) -> Bool {
    text.allSatisfy(\.isWhitespace)
  }
}
