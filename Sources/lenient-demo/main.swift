// lenient-demo: decodes a messy API payload into ordinary Decodable models and prints the
// result and the report of what leniency did.
import Foundation
import LenientJSON

enum Plan: String, Decodable, CaseIterable {
    case free, pro = "pro_annual", enterprise
}

struct User: Decodable {
    var id: Int
    var firstName: String
    var lastName: String
    var age: Int?
    var zip: String
    var heightInInches: Double
    var isActive: Bool
    var roles: [String]
    var signupDate: Date
    var plan: Plan
    var ssn: String?
    var nickname: String?
}

struct Response: Decodable {
    var requestId: String
    var generatedAt: Date
    var users: [User]
}

// `lenient-demo --stream [megabytes]`: stream a large generated file (StreamDemo.swift).
if CommandLine.arguments.dropFirst().first == "--stream" {
    StreamDemo.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}

guard let url = Bundle.module.url(forResource: "messy-users", withExtension: "json"),
    let data = try? Data(contentsOf: url)
else {
    print("error: the bundled payload messy-users.json is missing")
    exit(1)
}

print("== JSONDecoder")
do {
    _ = try JSONDecoder().decode(Response.self, from: data)
    print("decoded")
} catch {
    print("failed: \(error)")
}

print("\n== LenientJSONDecoder")
let decoder = LenientJSONDecoder()
// The server sends Unix seconds; ISO 8601 strings still decode through the date fallbacks.
decoder.dateDecodingStrategy = .secondsSince1970
var report = LenientDecodingReport()
do {
    let response = try decoder.decode(Response.self, from: data, report: &report)
    let dates = ISO8601DateFormatter()
    print("request \(response.requestId), generated \(dates.string(from: response.generatedAt))")
    for user in response.users {
        print(
            """
            - #\(user.id) \(user.firstName) \(user.lastName), age \(user.age.map(String.init) ?? "unknown"), zi\
            p \(user.zip), 
            """
                + "\(user.heightInInches) in, active: \(user.isActive), roles: \(user.roles), plan: \(user.plan), "
                + "signed up \(dates.string(from: user.signupDate))")
    }
} catch {
    print("failed: \(error)")
}

print("\n== What leniency did (\(report.events.count) events)")
// Each description names its place: path, then line and column.
for event in report.events {
    print("\(event.kind): \(event.description)")
}
print("\n== Summary")
print(report.summary)

PartialDemo.run()
