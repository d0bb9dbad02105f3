// The sync rows' targets: against kinto-http on the same server, and the scale run's figures.

extension BenchmarkTargets {
  /// The targets of the rows `sync` and `sync-scale`, with their figures; a row that could
  /// not run says why, as a miss.
  func syncTargets(for row: BenchmarkRow) -> [TargetResult] {
    if row == .sync {
      guard let report = results.sync, report.notRunBecause == nil else {
        let reason = results.sync?.notRunBecause ?? "it did not run"
        return [TargetResult("sync: not measured: \(reason)", row: row, .atMost, 1, measured: nil)]
      }
      let items = "\(Format.count(report.items)) items"
      let change = "one change on a collection of \(Format.count(report.items))"
      var targets = [
        compare(
          "sync push of \(items) to an empty collection (one round): LocalStoreSync / kinto-http"
            + " creating them in batches", row, report.pushSeconds, report.kintoHTTPSeconds,
          .atMost, 1, unit: .seconds),
        compare(
          "sync pull of \(items) into an empty device (one round): LocalStoreSync / kinto-http"
            + " creating them in batches", row, report.pullSeconds, report.kintoHTTPSeconds,
          .atMost, 1, unit: .seconds),
      ]
      let sides = [
        ("the device that made it", report.changeSent),
        ("a device that pulled it", report.changeReceived),
        (
          "the first device's next round 10 s later, which settles its checkpoint once",
          report.settlingRound
        ),
      ]
      let figures: [(String, KeyPath<BenchmarkResults.Traffic, Int>)] = [
        ("requests", \.requests), ("bytes sent", \.bytesSent), ("bytes received", \.bytesReceived),
      ]
      for (side, traffic) in sides {
        for (figure, path) in figures {
          targets.append(
            TargetResult(
              "\(change): \(side), \(figure)", row: row, nil, nil, unit: .count,
              measured: traffic.map { Double($0[keyPath: path]) }))
        }
      }
      return targets
    }
    guard let report = results.syncScale, report.notRunBecause == nil else {
      let reason = results.syncScale?.notRunBecause ?? "it did not run"
      return [
        TargetResult("sync-scale: not measured: \(reason)", row: row, .atMost, 1, measured: nil)
      ]
    }
    let scale = "\(report.devices) devices x \(report.changes / max(1, report.devices)) changes"
    return [
      TargetResult(
        "\(scale) on Kinto over PostgreSQL: every device holds the same items", row: row,
        .atLeast, 1, unit: .count, measured: report.converged ? 1 : 0,
        detail: "\(report.convergingRounds) rounds of every device after the changes;"
          + " \(report.failedRounds ?? 0) device rounds failed and were tried again"),
      TargetResult(
        "\(scale): seconds from the first change until nothing moves", row: row, nil, nil,
        unit: .count, measured: report.seconds),
      TargetResult(
        "\(scale): requests per change", row: row, nil, nil, unit: .count,
        measured: Double(report.requests) / Double(max(1, report.changes)),
        detail: "\(report.requests) requests for \(report.changes) changes"),
    ]
  }
}
