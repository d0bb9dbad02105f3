// Telling a file's format from its name, or from its first bytes.

import Models
import Testing

@Suite struct InterchangeFormatTests {
  @Test(arguments: [
    ("questions.json", InterchangeFormat?.some(.json)),
    ("Backup.CSV", .csv),
    ("/tmp/dir.csv/out.json", .json),
    ("notes.txt", nil),
    ("noextension", nil),
    (".csv", nil),
    ("archive.json.gz", nil),
  ])
  func extensionNamesTheFormat(path: String, expected: InterchangeFormat?) {
    #expect(InterchangeFormat(pathExtensionOf: path) == expected)
  }

  @Test(arguments: [
    ("[]", InterchangeFormat.json),
    ("  \n{\"version\":1}", .json),
    ("\u{FEFF}[", .json),
    ("prompt,answer", .csv),
    ("", .csv),
    ("\"[quoted]\",a", .csv),
  ])
  func contentsNameTheFormat(text: String, expected: InterchangeFormat) {
    #expect(InterchangeFormat.sniff(Array(text.utf8)) == expected)
  }
}
