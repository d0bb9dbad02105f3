// How a path given on the command line becomes an absolute URL, for `--data-dir`, `import` and `export`.

import CommandLineKit
import Foundation
import Testing

@Suite struct CommandLinePathTests {
  /// A current folder that does not exist, so its URL has no trailing slash.
  static let cwd = URL(fileURLWithPath: "/no/such/folder")

  @Test(arguments: [
    ("out.json", "/no/such/folder/out.json"),
    ("./a/../b.csv", "/no/such/folder/b.csv"),
    ("../up.json", "/no/such/up.json"),
    ("/elsewhere/x.json", "/elsewhere/x.json"),
  ])
  func relativePathsStartInTheCurrentFolder(path: String, expected: String) {
    #expect(Self.cwd.hasDirectoryPath == false)
    #expect(URL.absolute(path, in: Self.cwd).path == expected)
  }

  @Test func aFolderHintIsKept() {
    #expect(URL.absolute("data", in: Self.cwd, isDirectory: true).hasDirectoryPath)
    #expect(URL.absolute("data.json", in: Self.cwd, isDirectory: false).hasDirectoryPath == false)
  }
}
