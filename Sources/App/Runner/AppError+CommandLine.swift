// The shared parser's usage errors as the cases of AppError that `questions` has always thrown.

import CommandLineKit

nonisolated extension AppError {
  /// `error`, from ``/CommandLineKit/CommandLineParser``, as the case that names the same
  /// mistake here (with the subcommand whose usage line follows it), else as ``usage(_:subcommand:)``.
  init(_ error: CommandLineError) {
    let subcommand = error.command.flatMap { Subcommand(rawValue: $0[0]) }
    switch error.usage {
    case .unknownSubcommand(let name, _): self = .unknownCommand(name)
    case .unknownOption(let option, _), .optionNotApplicable(let option, _):
      self = .unknownOption(option, subcommand: subcommand)
    case .missingValue(let option): self = .missingValue(option: option, subcommand: subcommand)
    case .unexpectedValue(let option):
      self = .unexpectedValue(option: option, subcommand: subcommand)
    case .repeatedOption(let option): self = .repeatedOption(option, subcommand: subcommand)
    case .unexpectedArgument(let argument):
      self = .unexpectedArgument(argument, subcommand: subcommand)
    case .blankValue(let name): self = .blankValue(name, subcommand: subcommand)
    default: self = .usage(error.usage, subcommand: subcommand)
    }
  }
}
