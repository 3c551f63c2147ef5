import UIKit

// Built for Mac Catalyst only (platformFilter = maccatalyst).
final class CatalystMenu: NSObject {}
