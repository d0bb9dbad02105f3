// How many times this process's threads were switched off a core, from the kernel's count.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's voluntary thread switches (a thread waits: a futex, a hop to another queue,
/// an `fsync`), summed over every thread, from `getrusage`.
///
/// Unlike a time it does not move with the disk or the machine's load: a hop of a save from
/// one thread to another and back shows as two more switches per save, however fast the
/// `fsync` was. That is how the durable row tells a change that adds a hop from noise.
/// Involuntary switches (a thread preempted) are left out: they grow with the load and with
/// the time a save takes, and under a load average of 11 on two cores they made the store's
/// count 1.2x the floor's for the same code that counts 0.85x on a quiet machine.
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
    return Int(usage.ru_nvcsw)
  }
}
