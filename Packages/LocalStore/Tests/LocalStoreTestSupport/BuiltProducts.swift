// Finds the executables SwiftPM built next to the running test bundle.

import Foundation

/// The folder of the current build's products, such as `.build/debug`.
public enum BuiltProducts {
  /// The folder that holds the test bundle and the package's executables.
  public static var directory: URL {
    #if os(Linux)
      // The test runner is `<products>/<Package>PackageTests.xctest`, an ELF executable.
      let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      return runner.deletingLastPathComponent()
    #else
      let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? Bundle.main
      return bundle.bundleURL.deletingLastPathComponent()
    #endif
  }

  /// The built executable called `name`.
  public static func executable(_ name: String) -> URL {
    directory.appendingPathComponent(name)
  }
}
