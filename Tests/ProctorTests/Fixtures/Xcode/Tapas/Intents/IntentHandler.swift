import Intents

final class IntentHandler: INExtension {}
