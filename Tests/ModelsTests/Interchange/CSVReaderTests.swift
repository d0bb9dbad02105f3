// The CSV reader against RFC 4180's corner cases, each record with the line it starts on.

import Models
import Testing

@Suite struct CSVReaderTests {
  /// Every record of `text`, as (line, fields, problem).
  func records(_ text: String) -> [CSVRecord] {
    Array(CSVReader(Array(text.utf8)))
  }

  @Test(arguments: [
    ("a,b\n", [CSVRecord(line: 1, fields: ["a", "b"])]),
    ("a,b", [CSVRecord(line: 1, fields: ["a", "b"])]),
    (
      "a,b\r\nc,d\r\n",
      [CSVRecord(line: 1, fields: ["a", "b"]), CSVRecord(line: 2, fields: ["c", "d"])]
    ),
    (
      "a,b\nc,d",
      [CSVRecord(line: 1, fields: ["a", "b"]), CSVRecord(line: 2, fields: ["c", "d"])]
    ),
    ("\u{FEFF}prompt,answer\n", [CSVRecord(line: 1, fields: ["prompt", "answer"])]),
    ("a,,c\n", [CSVRecord(line: 1, fields: ["a", "", "c"])]),
    ("a,b,\n", [CSVRecord(line: 1, fields: ["a", "b", ""])]),
    (",\n", [CSVRecord(line: 1, fields: ["", ""])]),
    ("\"a,b\",c\n", [CSVRecord(line: 1, fields: ["a,b", "c"])]),
    ("\"say \"\"hi\"\"\",x\n", [CSVRecord(line: 1, fields: ["say \"hi\"", "x"])]),
    ("\"\",x\n", [CSVRecord(line: 1, fields: ["", "x"])]),
    (
      "\"two\nlines\",x\nnext,y\n",
      [
        CSVRecord(line: 1, fields: ["two\nlines", "x"]), CSVRecord(line: 3, fields: ["next", "y"]),
      ]
    ),
    (
      "\"crlf\r\ninside\",x\r\nnext,y\r\n",
      [
        CSVRecord(line: 1, fields: ["crlf\r\ninside", "x"]),
        CSVRecord(line: 3, fields: ["next", "y"]),
      ]
    ),
    (
      "a,b\n\n\nc,d\n",
      [CSVRecord(line: 1, fields: ["a", "b"]), CSVRecord(line: 4, fields: ["c", "d"])]
    ),
    ("\n\r\na,b\n", [CSVRecord(line: 3, fields: ["a", "b"])]),
    (" a , b \n", [CSVRecord(line: 1, fields: [" a ", " b "])]),
    ("a,b\r", [CSVRecord(line: 1, fields: ["a", "b"])]),
    ("\"a\",\"b\"\r", [CSVRecord(line: 1, fields: ["a", "b"])]),
    ("café,日本\n", [CSVRecord(line: 1, fields: ["café", "日本"])]),
    ("", []),
    ("\n\n", []),
  ])
  func readsWellFormedRecords(text: String, expected: [CSVRecord]) {
    #expect(records(text) == expected)
  }

  @Test func aQuoteThatIsNeverClosedRunsToTheEndAndNamesTheFirstLine() throws {
    let all = records("a,b\n\"open,b\nc,d\ne,f\n")
    try #require(all.count == 2)
    #expect(all[1].line == 2)
    #expect(all[1].fields == ["open,b\nc,d\ne,f\n"])
    #expect(all[1].problem?.contains("field 1 opens a quote that is never closed") == true)
  }

  @Test func textAfterAClosingQuoteIsAProblemAndReadingGoesOn() throws {
    let all = records("\"a\"b,c\nd,e\n")
    try #require(all.count == 2)
    #expect(all[0].problem?.contains("field 1 has text after its closing quote") == true)
    #expect(all[1] == CSVRecord(line: 2, fields: ["d", "e"]))
  }

  @Test func aQuoteInsideAnUnquotedFieldIsAProblem() throws {
    let all = records("x,a\"b\ny,z\n")
    try #require(all.count == 2)
    #expect(all[0].problem?.contains("field 2 holds a quote but does not start with one") == true)
    #expect(all[1].problem == nil)
  }

  @Test func bytesThatAreNotUTF8AreAProblem() throws {
    let bytes = Array("a,".utf8) + [0xFF, 0xFE] + Array("\nb,c\n".utf8)
    let all = Array(CSVReader(bytes))
    try #require(all.count == 2)
    #expect(all[0].problem == "field 2 is not valid UTF-8")
    #expect(all[1] == CSVRecord(line: 2, fields: ["b", "c"]))
  }

  @Test func offsetReachesTheEnd() {
    var reader = CSVReader(Array("a,b\nc,d\n".utf8))
    while reader.next() != nil {}
    #expect(reader.offset == reader.byteCount)
  }
}
