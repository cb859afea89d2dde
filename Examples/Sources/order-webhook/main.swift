import AsyncHTTPClient
import ExportClient
import Foundation
import Hummingbird
import Logging
import OrderWebhook
import OrderWebhookHummingbird
import OrderWebhookVapor
import Vapor

// The order-webhook service, from the command line:
//
//   order-webhook hummingbird [port]     serve with Hummingbird 2 (default port 8080)
//   order-webhook vapor [port]           serve with Vapor 4
//   order-webhook export <url>           read a running service's /export feed, decoded as it arrives

let arguments = CommandLine.arguments.dropFirst()
let command = arguments.first ?? "hummingbird"
let port = arguments.dropFirst().first.flatMap { Int($0) } ?? 8080

switch command {
case "hummingbird":
    let app = HummingbirdOrderService.makeApplication(service: OrderWebhookService(), port: port)
    try await app.runService()
case "vapor":
    let app = try await VaporOrderService.makeApplication(
        service: OrderWebhookService(), environment: .production, port: port)
    do {
        try await app.execute()
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
    try await app.asyncShutdown()
case "export":
    let url = arguments.dropFirst().first ?? "http://127.0.0.1:8080/export"
    let client = ExportClient(httpClient: .shared)
    var totalQuantity = 0
    let count = try await client.forEachLine(of: url) { totalQuantity += $0.quantity }
    print("\(count) lines, total quantity \(totalQuantity)")
default:
    FileHandle.standardError.write(Data("usage: order-webhook hummingbird|vapor [port] | export <url>\n".utf8))
    exit(2)
}
