import ProctorAppFacts

// The Info.plists a lint run meets among its inputs besides its own (`--info-plist`): in a walk
// of a repository, the app's and its extensions'. Each is judged on its own; their facts join
// the run for the rules that need what any target of the app declares (the intents an Intents
// extension supports, the activity types the app takes).

extension RunFacts {
    /// The Info.plists among the run's inputs, in input order.
    package enum InfoPlists: RunFactKey { package typealias Fact = AppInfo }

    package var infoPlists: [AppInfo] { all(InfoPlists.self) }
}
