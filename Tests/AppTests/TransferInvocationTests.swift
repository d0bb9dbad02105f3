// How `export` and `import` command lines parse, and the usage errors they can raise.

import Models
import Testing

@testable import App

@Suite struct TransferInvocationTests {
  @Test(arguments: [
    (["export"], Command.export(format: nil, destination: nil)),
    (["export", "out.csv"], .export(format: nil, destination: "out.csv")),
    (["export", "-"], .export(format: nil, destination: "-")),
    (["export", "--format", "CSV"], .export(format: .csv, destination: nil)),
    (["export", "--format=json", "x.csv"], .export(format: .json, destination: "x.csv")),
    (["import", "in.csv"], .import(source: "in.csv", format: nil, skipInvalid: false)),
    (["import", "-", "--format", "json"], .import(source: "-", format: .json, skipInvalid: false)),
    (
      ["import", "--skip-invalid", "in.csv"],
      .import(source: "in.csv", format: nil, skipInvalid: true)
    ),
  ])
  func parses(arguments: [String], expected: Command) throws {
    #expect(try InvocationParser.parse(arguments).command == expected)
  }

  @Test(arguments: [
    (["export", "--format", "xml"], "'xml' is not a valid value for '--format'; use json or csv."),
    (["export", "a.csv", "b.csv"], "Unexpected argument 'b.csv'."),
    (["import"], "Missing argument '<file>'."),
    (["import", "a.csv", "b.csv"], "Unexpected argument 'b.csv'."),
    (
      ["import", "a.csv", "--skip-invalid=yes"], "The flag '--skip-invalid' does not take a value."
    ),
    (["export", "--skip-invalid"], "The option '--skip-invalid' does not apply to 'export'."),
    (["list", "--format", "csv"], "The option '--format' does not apply to 'list'."),
    (
      ["import", "a.csv", "--format"],
      "Missing value for '--format'. Write '--format=<value>' if the value starts with '-'."
    ),
  ])
  func usageErrors(arguments: [String], message: String) {
    #expect {
      try InvocationParser.parse(arguments)
    } throws: { error in
      guard let error = error as? AppError else { return false }
      return error.isUsageError && error.errorDescription == message
    }
  }
}
