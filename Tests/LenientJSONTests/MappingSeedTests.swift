// The seed examples issue #13 makes possible, on plain Decodable models: RPJSONMapper's mapping
// dictionary and child paths, RZAutoImport's custom mappings and update, RestGoatee's override
// keys and transform hook (../shared/seeds/). Both inputs.

import Foundation
import LenientJSON
import Testing

// MARK: RPJSONMapper

struct SeedMapperPerson: Decodable, Equatable {
    var givenName: String
    var familyName: String
    var yearsOld: Int
    var heightInInches: Double
    var phone: String
    var state: String
    var city: String
    var zip: String
    var ssn: String?
    var birthDate: Date
    var startDate: Date
}

struct SeedWeatherReport: Decodable, Equatable {
    var weatherDescription: String
    var temperature: Double
}

struct SeedRunt: Decodable, Equatable {
    var name: String
    var age: String
    enum CodingKeys: String, CodingKey {
        case name = "Animals.1.Cat.Babies.1.Runt.Name", age = "Animals.1.Cat.Babies.1.Runt.Age"
    }
}

// MARK: RZAutoImport

struct SeedImportPerson: Codable, Equatable {
    var ID: Int
    var firstName: String
    var lastName: String
}

struct SeedMyModelClass: Decodable, Equatable {
    var objectID: Int
    var zipCode: String
}

// MARK: RestGoatee

struct SeedDerivedObject: Decodable, Equatable {
    var stringValue: String?
    var numberValue: Int?
    var doubleValue: Double
    var dateValue: Date?
    var rawValue: JSONValue
}

@Suite("Seed examples: mapping without touching models")
struct MappingSeedTests {
    static let mapperJSON = #"""
        {"firstName": "John", "lastName": "Jacob", "age": 25, "heightInInches": 68.5, "phoneNumber": "415-555-1234",
         "state": "California", "city": "Daly City", "zip": 94015, "socialSecurityNumber": null,
         "birthDate": "11-08-1988", "startDate": "Nov 05 2012"}
        """#

    @Test("RPJSONMapper: the mapping dictionary as aliases", arguments: InputKind.allCases)
    func mappingDictionary(input: InputKind) throws {
        let decoder = LenientJSONDecoder()
        decoder.register(
            aliases: [
                "givenName": ["firstName"], "familyName": ["lastName"], "yearsOld": ["age"],
                "phone": ["phoneNumber"], "ssn": ["socialSecurityNumber"],
            ], for: SeedMapperPerson.self)
        decoder.dateFormats = ["MM-dd-yyyy", "MMM dd yyyy"]
        let person = try input.decode(SeedMapperPerson.self, from: Data(Self.mapperJSON.utf8), with: decoder)
        #expect(person.givenName == "John" && person.familyName == "Jacob" && person.yearsOld == 25)
        #expect(person.phone == "415-555-1234" && person.zip == "94015" && person.ssn == nil)
        #expect(person.birthDate == Date(timeIntervalSince1970: 594_950_400))  // 1988-11-08 UTC
        #expect(person.startDate == Date(timeIntervalSince1970: 1_352_073_600))  // 2012-11-05 UTC
    }

    @Test("RPJSONMapper: array elements and child JSON paths as key paths", arguments: InputKind.allCases)
    func childPaths(input: InputKind) throws {
        let decoder = LenientJSONDecoder()
        decoder.keyPathSeparator = "."
        let weather =
            #"""
            {"JanuaryWeatherReport": [{"description": "Sunny with a chance of storms", "temperature": 98.1}\#
            , {"description": "Hailing and fog", "temperature": 70.2}]}
            """#
        decoder.register(
            aliases: [
                "weatherDescription": ["JanuaryWeatherReport.1.description"],
                "temperature": ["JanuaryWeatherReport.1.temperature"],
            ],
            for: SeedWeatherReport.self)
        #expect(
            try input.decode(SeedWeatherReport.self, from: Data(weather.utf8), with: decoder)
                == SeedWeatherReport(weatherDescription: "Hailing and fog", temperature: 70.2))
        let animals =
            #"""
            {"Animals": [{"Dog": {}}, {"Cat": {"Babies": [{}, {"Runt": {"Name": "Bobby", "Age": "Kitten"}}]}}\#
            , {"Bird": {}}]}
            """#
        #expect(
            try input.decode(SeedRunt.self, from: Data(animals.utf8), with: decoder)
                == SeedRunt(name: "Bobby", age: "Kitten"))
    }

    @Test("RZAutoImport: inferred and custom key mappings", arguments: InputKind.allCases)
    func customMappings(input: InputKind) throws {
        let decoder = LenientJSONDecoder()
        decoder.register(aliases: ["zipCode": ["zip"], "objectID": ["id"]], for: SeedMyModelClass.self)
        #expect(
            try input.decode(SeedMyModelClass.self, from: Data(#"{"zip": "02139", "id": 100}"#.utf8), with: decoder)
                == SeedMyModelClass(objectID: 100, zipCode: "02139"))
        let people = try input.decode(
            [SeedImportPerson].self, from: Data(#"[{"id": 100, "first_name": "Bob", "last_name": "Smith"}]"#.utf8),
            with: decoder)
        #expect(people == [SeedImportPerson(ID: 100, firstName: "Bob", lastName: "Smith")])
    }

    @Test("RZAutoImport: updating an existing object from a dictionary")
    func update() throws {
        var person = SeedImportPerson(ID: 100, firstName: "Bob", lastName: "Smith")
        try LenientJSONDecoder().update(&person, from: Data(#"{"last_name": "Jones", "id": "101"}"#.utf8))
        #expect(person == SeedImportPerson(ID: 101, firstName: "Bob", lastName: "Jones"))
    }

    static func goatee() -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder()
        decoder.register(defaults: ["doubleValue": 0.0, "rawValue": JSONValue.null], for: SeedDerivedObject.self)
        return decoder
    }

    @Test("RestGoatee: a full object, missing values, and snake-case keys", arguments: InputKind.allCases)
    func goateeBasics(input: InputKind) throws {
        let full =
            #"""
            {"stringValue": "aString", "numberValue": 3, "doubleValue": 3.14, "dateValue": "2016-01-17T16:13:\#
            00-0800", "rawValue": null}
            """#
        let derived = try input.decode(SeedDerivedObject.self, from: Data(full.utf8), with: Self.goatee())
        #expect(
            derived
                == SeedDerivedObject(
                    stringValue: "aString", numberValue: 3, doubleValue: 3.14,
                    dateValue: Date(timeIntervalSince1970: 1_453_075_980), rawValue: .null))
        let partial = try input.decode(
            SeedDerivedObject.self, from: Data(#"{"string_value": "aString"}"#.utf8), with: Self.goatee())
        #expect(
            partial
                == SeedDerivedObject(
                    stringValue: "aString", numberValue: nil, doubleValue: 0, dateValue: nil, rawValue: .null))
    }

    @Test("RestGoatee: override keys and the transform hook", arguments: InputKind.allCases)
    func goateeOverrides(input: InputKind) throws {
        let decoder = Self.goatee()
        decoder.register(aliases: ["stringValue": ["super_secret_str"]], for: SeedDerivedObject.self)
        let overridden = try input.decode(
            SeedDerivedObject.self, from: Data(#"{"super_secret_str": "aString"}"#.utf8), with: decoder)
        #expect(overridden.stringValue == "aString")
        decoder.register(String.self) { value in
            guard case .string(let text) = value else { return value.description.uppercased() }
            return text.uppercased()
        }
        let transformed = try input.decode(
            SeedDerivedObject.self, from: Data(#"{"stringValue": "abcd"}"#.utf8), with: decoder)
        #expect(transformed.stringValue == "ABCD")
    }
}
