import XCTest

final class TapasTests: XCTestCase {}
