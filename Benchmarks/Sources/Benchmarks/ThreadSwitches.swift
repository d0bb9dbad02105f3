// How many times this process's threads were switched off a core, from the kernel's count.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's thread switches, voluntary (a thread waits: a futex, a hop to another
/// queue) and involuntary (preempted), summed over every thread, from `getrusage`.
///
/// Unlike a time it does not move with the disk or the machine's load: a hop of a save from
/// one thread to another and back shows as two more switches per save, however fast the
/// `fsync` was. That is how the durable row tells a change that adds a hop from noise.
enum ThreadSwitches {
  /// The count so far.
  static func ofThisProcess() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
      let who = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
      let who = RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else { return 0 }
    return Int(usage.ru_nvcsw + usage.ru_nivcsw)
  }
}
