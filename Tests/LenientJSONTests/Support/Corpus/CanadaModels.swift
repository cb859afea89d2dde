// Models for the standard `canada.json` corpus: a GeoJSON FeatureCollection of Canada's
// border, 111,126 coordinates (46 of them written as integers, decoded as `Double`).
// Shared with the benchmark package through a symlink; see TwitterModels.swift.

enum CanadaCorpus {
    struct Root: Codable, Equatable, Sendable {
        let type: String
        let features: [Feature]
    }

    struct Feature: Codable, Equatable, Sendable {
        let type: String
        let properties: Properties
        let geometry: Geometry
    }

    struct Properties: Codable, Equatable, Sendable {
        let name: String
    }

    /// A `Polygon`: rings of `[longitude, latitude]` pairs.
    struct Geometry: Codable, Equatable, Sendable {
        let type: String
        let coordinates: [[[Double]]]
    }
}
