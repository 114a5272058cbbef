import Foundation

/// A point of the k-d tree: the place on the unit sphere. Straight-line
/// (chord) distance there orders places exactly as distance along the
/// Earth's surface does, with no special cases at the poles or the 180th
/// meridian.
struct TreeNode {
    var x: Float
    var y: Float
    var z: Float
    var place: UInt32

    init(x: Float, y: Float, z: Float, place: UInt32) {
        self.x = x
        self.y = y
        self.z = z
        self.place = place
    }

    init(latitude: Int32, longitude: Int32, place: UInt32) {
        let (x, y, z) = UnitSphere.point(
            latitude: Double(latitude) / GazetteerFormat.coordinateScale,
            longitude: Double(longitude) / GazetteerFormat.coordinateScale)
        self.init(x: Float(x), y: Float(y), z: Float(z), place: place)
    }

    @inline(__always)
    func coordinate(_ axis: Int) -> Float { axis == 0 ? x : axis == 1 ? y : z }
}

enum UnitSphere {
    static let earthRadiusMeters = 6_371_008.8

    static func point(latitude: Double, longitude: Double) -> (Double, Double, Double) {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    /// The squared chord on the unit sphere for a distance along the surface.
    static func squaredChord(meters: Double) -> Double {
        let chord = 2 * sin(min(Double.pi, meters / earthRadiusMeters) / 2)
        return chord * chord
    }

    /// Metres along the surface for a squared chord length on the unit sphere.
    static func meters(squaredChord: Double) -> Double {
        let chord = min(2, squaredChord.squareRoot())
        return 2 * asin(chord / 2) * earthRadiusMeters
    }
}

/// Lays nodes out as an implicit balanced k-d tree: the middle of every
/// range is the splitting node (axis = depth mod 3), the halves its subtrees.
/// The reader walks the same ranges, so no child pointers are stored.
enum KDTreeBuilder {
    static func arrange(_ nodes: inout [TreeNode]) {
        nodes.withUnsafeMutableBufferPointer { buffer in
            arrange(buffer, lower: 0, upper: buffer.count, depth: 0)
        }
    }

    private static func arrange(_ nodes: UnsafeMutableBufferPointer<TreeNode>, lower: Int, upper: Int, depth: Int) {
        guard upper - lower > 1 else { return }
        let middle = (lower + upper) / 2
        select(nodes, lower: lower, upper: upper, nth: middle, axis: depth % 3)
        arrange(nodes, lower: lower, upper: middle, depth: depth + 1)
        arrange(nodes, lower: middle + 1, upper: upper, depth: depth + 1)
    }

    /// Quickselect: afterwards `nth` holds the element a sort would put
    /// there, smaller ones before it and larger ones after.
    private static func select(_ nodes: UnsafeMutableBufferPointer<TreeNode>, lower: Int, upper: Int, nth: Int, axis: Int) {
        var low = lower, high = upper - 1
        while low < high {
            let pivot = medianOfThree(nodes, low, (low + high) / 2, high, axis: axis)
            var i = low, j = high
            while i <= j {
                while nodes[i].coordinate(axis) < pivot { i += 1 }
                while nodes[j].coordinate(axis) > pivot { j -= 1 }
                if i <= j {
                    nodes.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if nth <= j { high = j } else if nth >= i { low = i } else { return }
        }
    }

    private static func medianOfThree(_ nodes: UnsafeMutableBufferPointer<TreeNode>, _ a: Int, _ b: Int, _ c: Int, axis: Int) -> Float {
        let x = nodes[a].coordinate(axis), y = nodes[b].coordinate(axis), z = nodes[c].coordinate(axis)
        return max(min(x, y), min(max(x, y), z))
    }
}
