// Quoting in the CSV writer, and records that read back as they were written.

import Models
import Testing

@Suite struct CSVWriterTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("", ""),
    (" padded ", " padded "),
    ("a,b", "\"a,b\""),
    ("say \"hi\"", "\"say \"\"hi\"\"\""),
    ("two\nlines", "\"two\nlines\""),
    ("carriage\rreturn", "\"carriage\rreturn\""),
    ("tags;with;semicolons", "tags;with;semicolons"),
  ])
  func quotesOnlyWhenNeeded(field: String, expected: String) {
    #expect(CSVWriter.quoted(field) == expected)
  }

  @Test func writesOneLinePerRecordEndingWithLF() {
    var writer = CSVWriter()
    writer.write(["a", "b,c"])
    writer.write(["", "d"])
    #expect(String(decoding: writer.bytes, as: UTF8.self) == "a,\"b,c\"\n,d\n")
  }

  @Test func recordsReadBackExactly() {
    let rows = [
      ["id", "prompt", "answer"],
      ["1", "What is \"Sendable\"?", "Safe to share,\nacross domains"],
      ["2", " leading space", "trailing\r\n"],
      ["3", "", "\"\""],
    ]
    var writer = CSVWriter()
    for row in rows { writer.write(row) }
    #expect(CSVReader(writer.bytes).map(\.fields) == rows)
    #expect(CSVReader(writer.bytes).allSatisfy { $0.problem == nil })
  }
}
