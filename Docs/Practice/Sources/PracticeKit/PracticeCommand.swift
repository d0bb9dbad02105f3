// The commands of the practice tool, parsed from its arguments.

/// What `practice` was asked to do.
public enum PracticeCommand: Equatable, Sendable {
  /// The full-screen watch mode (no arguments).
  case watch
  /// Every exercise with its state.
  case list
  /// The hints of one exercise.
  case hint(Exercise)
  /// Puts one exercise's file back as shipped.
  case reset(Exercise)
  /// Builds and tests one exercise, and prints the verdict.
  case run(Exercise)
  /// For CI: every exercise fails as shipped for its stated reason, passes with its solution,
  /// refuses its wrong fixes, and its tests kill the mutants of its solution; for one
  /// exercise, or all of them when `nil`.
  case verify(Exercise?)
  /// The mutation check alone, for one exercise or all; with `listOnly`, the mutants are only
  /// listed, not built or tested.
  case mutants(Exercise?, listOnly: Bool)
  /// The usage text.
  case help

  /// The usage text.
  public static let usage = """
    usage: practice                 the watch mode: re-runs the current exercise on every save
           practice list            every exercise with its state
           practice hint N          the two hints of exercise N
           practice reset N         put exercise N back as shipped (your changes are lost)
           practice run N           build and test exercise N once, and print the verdict
           practice verify [N]      check that every exercise (or exercise N) fails as
                                    shipped, passes with its solution, refuses its wrong
                                    fixes, and that its tests kill the mutants of its
                                    solution (for CI; needs the exercises as shipped)
           practice mutants [N] [--list]
                                    the mutation check alone, for exercise N or all; --list
                                    prints the mutants without building them
    From the repository's root: make practice ARGS="list" (or hint N, reset N, run N).
    """

  /// Parses the arguments after the program's name.
  public static func parse(_ arguments: [String]) throws(PracticeError) -> PracticeCommand {
    guard let name = arguments.first else { return .watch }
    let rest = Array(arguments.dropFirst())
    switch name {
    case "list", "help", "--help", "-h", "watch":
      guard rest.isEmpty else { throw .usage("\(name) takes no arguments\n\(usage)") }
      switch name {
      case "list": return .list
      case "watch": return .watch
      default: return .help
      }
    case "verify":
      guard rest.count <= 1 else { throw .usage("verify takes one exercise at most\n\(usage)") }
      return .verify(try rest.first.map(exercise))
    case "mutants":
      let listOnly = rest.contains("--list")
      let numbers = rest.filter { $0 != "--list" }
      guard numbers.count <= 1 else { throw .usage("mutants takes one exercise at most\n\(usage)") }
      return .mutants(try numbers.first.map(exercise), listOnly: listOnly)
    case "hint", "reset", "run":
      guard rest.count == 1 else { throw .usage("\(name) needs one exercise number\n\(usage)") }
      let exercise = try exercise(rest[0])
      switch name {
      case "hint": return .hint(exercise)
      case "reset": return .reset(exercise)
      default: return .run(exercise)
      }
    default:
      throw .usage("unknown command \"\(name)\"\n\(usage)")
    }
  }

  /// The exercise numbered `text` (`3` or `03`).
  static func exercise(_ text: String) throws(PracticeError) -> Exercise {
    guard let number = Int(text), let exercise = Exercise.all.first(where: { $0.number == number })
    else { throw .noSuchExercise(text) }
    return exercise
  }
}
