/// The sorted table read as a trie: the entries that share a prefix are a contiguous run, and
/// within it those that end first, then those at a space, then the rest by their next letter.
extension TypoWalker {
  /// Splits `entries`, which share their first `depth` bytes, where their texts go on: the
  /// first entry longer than `depth` bytes, and the first whose byte at `depth` comes after a
  /// space (a space is the smallest byte a folded text holds, so the entries whose word ends
  /// there come between).
  @inline(__always)
  func splitByEnd(_ entries: Range<Int>, at depth: Int) -> (longer: Int, beyondSpace: Int) {
    var longer = entries.lowerBound
    if !endsAfter(longer, depth) {
      longer = firstEntry(in: entries) { self.endsAfter($0, depth) }
    }
    var beyondSpace = longer
    if beyondSpace < entries.upperBound, !isBeyondSpace(beyondSpace, depth) {
      beyondSpace = firstEntry(in: longer..<entries.upperBound) { self.isBeyondSpace($0, depth) }
    }
    return (longer, beyondSpace)
  }

  /// Whether entry `entry`'s text is longer than `depth` bytes.
  @inline(__always)
  func endsAfter(_ entry: Int, _ depth: Int) -> Bool {
    let bounds = table.bounds(of: entry)
    return bounds.end - bounds.start > depth
  }

  /// Whether the byte at `depth` of entry `entry`, longer than `depth`, comes after a space.
  @inline(__always)
  func isBeyondSpace(_ entry: Int, _ depth: Int) -> Bool {
    bytes[table.bounds(of: entry).start + depth] > UInt8(ascii: " ")
  }

  /// The first entry in `entries` for which `isAfter` holds, or its end; `isAfter` must be
  /// false then true along the run.
  @inline(__always)
  func firstEntry(in entries: Range<Int>, where isAfter: (Int) -> Bool) -> Int {
    entries.partitioningIndex(where: isAfter)
  }

  /// The end of the group of entries, from `start`, whose `length` bytes at `depth` are
  /// those of entry `start`: searched by doubling steps, then halving, so that a small group
  /// costs little in a long run.
  func groupEnd(from start: Int, before end: Int, at depth: Int, length: Int) -> Int {
    var lastInGroup = start
    var probe = start + 1
    var step = 1
    while probe < end, !differs(probe, from: start, at: depth, length: length) {
      lastInGroup = probe
      step *= 2
      probe = start + step
    }
    return firstEntry(in: (lastInGroup + 1)..<min(probe, end)) {
      self.differs($0, from: start, at: depth, length: length)
    }
  }

  /// Whether the `length` bytes at `depth` of `entry` differ from those of `reference`.
  @inline(__always)
  private func differs(_ entry: Int, from reference: Int, at depth: Int, length: Int) -> Bool {
    let offset = table.bounds(of: entry).start + depth
    let referenceOffset = table.bounds(of: reference).start + depth
    for index in 0..<length where bytes[offset + index] != bytes[referenceOffset + index] {
      return true
    }
    return false
  }

  /// The Unicode scalar whose UTF-8 starts at `offset`, and its length in bytes.
  @inline(__always)
  func scalar(at offset: Int) -> (value: UInt32, length: Int) {
    let lead = UInt32(bytes[offset])
    switch lead {
    case 0..<0x80:
      return (lead, 1)
    case 0xC0..<0xE0:
      return ((lead & 0x1F) << 6 | continuationBits(offset + 1), 2)
    case 0xE0..<0xF0:
      return (
        (lead & 0x0F) << 12 | continuationBits(offset + 1) << 6 | continuationBits(offset + 2), 3
      )
    default:
      return (
        (lead & 0x07) << 18 | continuationBits(offset + 1) << 12
          | continuationBits(offset + 2) << 6 | continuationBits(offset + 3), 4
      )
    }
  }

  /// The six bits a UTF-8 continuation byte at `offset` carries.
  @inline(__always)
  private func continuationBits(_ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) & 0x3F
  }
}
