// How an AppError is worded when every tool built on CommandLineKit words it the same way.

import CommandLineKit
import Foundation

nonisolated extension AppError {
  /// The shared ``/CommandLineKit/UsageError`` that words this error, for every wrong command line and the
  /// lookups every tool built on `CommandLineKit` words the same way; `nil` for the errors
  /// only `questions` has.
  var sharedWording: UsageError? {
    switch self {
    case .usage(let error, _): error
    case .unknownCommand(let name):
      .unknownSubcommand(name, subcommands: Subcommand.allCases.map(\.rawValue))
    case .unknownOption(let option, let subcommand?) where OptionName(spelling: option) != nil:
      .optionNotApplicable(option, subcommand: subcommand.rawValue)
    case .unknownOption(let option, let subcommand):
      .unknownOption(
        option,
        candidates: (OptionName.allCases.filter(\.isGlobal) + (subcommand?.options ?? []))
          .map(\.rawValue))
    case .missingValue(let option, _): .missingValue(option: option)
    case .unexpectedValue(let option, _): .unexpectedValue(option: option)
    case .repeatedOption(let option, _): .repeatedOption(option)
    case .missingOption(let option, _): .missingOption(option)
    case .missingArgument(let argument, _): .missingArgument(argument)
    case .unexpectedArgument(let argument, _): .unexpectedArgument(argument)
    case .blankValue(let name, _): .blankValue(name)
    case .invalidArgumentEncoding(let position, let shown):
      .invalidArgumentEncoding(position: position, shown: shown)
    case .invalidEnvironmentEncoding(let name, let shown):
      .invalidEnvironmentEncoding(name: name, shown: shown)
    case .malformedID(let text, _): .malformedID(text, noun: "question")
    case .notAPositiveNumber(let text, let option, _): .notAPositiveNumber(text, option: option)
    case .invalidValue(let value, let option, let expected, _):
      .invalidValue(value, option: option, expected: expected)
    case .nothingToChange(let subcommand):
      .nothingToChange(subcommand: subcommand.rawValue, example: "--answer <text>")
    default: nil
    }
  }

  /// How a lookup by id failed, worded as every tool built on `CommandLineKit` words it.
  var lookupFailure: IDLookupError? {
    switch self {
    case .noSuchQuestion(let id): .notFound(id)
    case .ambiguousID(let prefix, let matches): .ambiguous(prefix, matches: matches)
    default: nil
    }
  }
}
