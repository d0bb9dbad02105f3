// The child side of the loaded row: a process that keeps one core busy, then ends by itself.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Run as `Benchmarks --burn <seconds>` by ``BusyProcesses``: spins on the CPU, touching no
/// file, until its time is up, its parent has gone (it is then adopted by another process,
/// so `getppid()` changes), or it is killed, whichever comes first.
struct BusyProcess {
  static let flag = "--burn"

  /// The longest the process spins.
  let seconds: Int

  /// Spins, and returns the process's exit code.
  func run() -> Int32 {
    let parent = getppid()
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(seconds)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    while getppid() == parent, clock.now < deadline {
      // About 0.2 ms of arithmetic the compiler cannot fold, between two checks.
      for _ in 0..<100_000 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        state ^= state >> 29
      }
    }
    return state == 0 ? 1 : 0
  }
}
