// What the sync rows measured: push, pull and kinto-http's time, one change's traffic, scale.

import LocalStoreSync

extension BenchmarkResults {
  /// The `sync` row: medians of the runs, taken in turn on one server.
  struct SyncReport: Codable {
    /// Why the row did not run (no python3, no PyPI, the server did not start), or `nil`.
    var notRunBecause: String?
    var items = 0
    var runs = 0
    /// One round of a device holding `items` new items: the push, and its own records read back.
    var pushSeconds: Double?
    /// One round of an empty device pulling `items`.
    var pullSeconds: Double?
    /// kinto-http creating the same records in batches.
    var kintoHTTPSeconds: Double?
    /// The traffic of the device that changed one item, in the round that sent it.
    var changeSent: Traffic?
    /// The traffic of a device that pulled that change.
    var changeReceived: Traffic?
    /// The traffic of the changing device's next round, once its checkpoint is old enough
    /// to settle: it reads again, once, the overlap behind the checkpoint (see `PullMarks`).
    var settlingRound: Traffic?

    init(items: Int, runs: Int) {
      self.items = items
      self.runs = runs
    }

    static func notRun(_ reason: String) -> SyncReport {
      var report = SyncReport(items: 0, runs: 0)
      report.notRunBecause = reason
      return report
    }
  }

  /// A client's traffic, as ``KintoTraffic`` counts it.
  struct Traffic: Codable {
    var requests: Int
    var bytesSent: Int
    var bytesReceived: Int

    init(_ traffic: KintoTraffic) {
      requests = traffic.requests
      bytesSent = traffic.bytesSent
      bytesReceived = traffic.bytesReceived
    }
  }

  /// The `sync-scale` row.
  struct SyncScaleReport: Codable {
    var notRunBecause: String?
    var devices = 0
    var changes = 0
    /// From the first change to the round in which nothing moved anywhere.
    var seconds = 0.0
    var requests = 0
    /// The rounds of every device after the changes, the last of which moved nothing.
    var convergingRounds = 0
    /// Whether every device ended with the same items.
    var converged = false
    /// Device rounds that failed (and were tried again in the next round).
    var failedRounds: Int?

    static func notRun(_ reason: String) -> SyncScaleReport {
      var report = SyncScaleReport()
      report.notRunBecause = reason
      return report
    }

    static func measured(
      devices: Int, changes: Int, seconds: Double, requests: Int, convergingRounds: Int,
      converged: Bool
    ) -> SyncScaleReport {
      SyncScaleReport(
        devices: devices, changes: changes, seconds: seconds, requests: requests,
        convergingRounds: convergingRounds, converged: converged)
    }
  }
}
