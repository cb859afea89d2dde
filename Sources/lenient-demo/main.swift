import Foundation
import LenientJSON

print("placeholder")
