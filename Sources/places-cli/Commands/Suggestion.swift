/// The word a person most likely meant, for "did you mean" in usage errors.
enum Suggestion {
  /// The candidate nearest `word`, if it is near enough to be a typing slip.
  ///
  /// Nearness is the edit distance: insertions, deletions, substitutions and swaps of
  /// neighbouring characters each count one. A suggestion is at most 2 edits away, and fewer
  /// than half of its characters. Ties go to the candidate listed first.
  ///
  /// - Complexity: O(*n* · *m* · *k*) for *k* candidates of length about *m* and a word of
  ///   length *n*; words longer than 64 characters get no suggestion.
  static func nearest(to word: String, among candidates: [String]) -> String? {
    let typed = Array(word.lowercased())
    guard !typed.isEmpty, typed.count <= 64 else { return nil }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, Array(candidate))
      guard distance <= 2, distance * 2 < candidate.count else { continue }
      if distance < best?.distance ?? Int.max {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// The optimal-string-alignment distance between `a` and `b`.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousRow: [Int] = []
    var row = Array(0...b.count)
    for i in 1...a.count {
      var next = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          next[j] = min(next[j], previousRow[j - 2] + 1)
        }
      }
      previousRow = row
      row = next
    }
    return row[b.count]
  }
}
