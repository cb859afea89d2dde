/// What the recorded model streams answer: a trip plan, as a model asked for structured output fills it in.
public struct TripPlan: Decodable, Equatable, Sendable {
    public var destination: String
    public var days: Int
    public var stops: [Stop]
    public var budget: Double

    public struct Stop: Decodable, Equatable, Sendable {
        public var name: String
        public var nights: Int
        public var highlights: [String]

        public init(name: String, nights: Int, highlights: [String]) {
            self.name = name
            self.nights = nights
            self.highlights = highlights
        }
    }

    public init(destination: String, days: Int, stops: [Stop], budget: Double) {
        self.destination = destination
        self.days = days
        self.stops = stops
        self.budget = budget
    }
}
