import XCTest

final class TapasUITests: XCTestCase {}
