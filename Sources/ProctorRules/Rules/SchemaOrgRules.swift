import Foundation
import ProctorCore
import ProctorEngine
import ProctorPayloads
import ProctorWeb

// Rules on the schema.org items of a page, written in JSON-LD or microdata: the types WWDC15
// session 709 lists for rich results and actions, and the location markup of WWDC16 session 240
// (docs/links.md, "Web pages"). Each rule judges the one model of an item (ProctorWeb's
// SchemaItem), so both syntaxes mean the same. Every rule here is a warning: structured data is
// "optional, but highly recommended" (session 709), and a wrong value costs the rich result, not
// the page.

private let page = examplePageName
private let seed002 = "WWDC15 session 709: schema.org types Apple reads for rich results (seed 002) [M]"

/// A page whose head holds one JSON-LD block.
private func jsonLD(_ json: String) -> String {
    examplePage(head: "<script type=\"application/ld+json\">\n\(json)\n</script>")
}

/// A page whose body holds microdata.
private func microdata(_ body: String) -> String { examplePage(head: "", body: "\n" + body + "\n") }

/// The path of a value in the example page's first JSON-LD block.
private func inBlock(_ pointer: String) -> String { "/html/head/script[@type='application/ld+json'][1]" + pointer }

/// Reading schema.org values as the vocabulary defines them.
enum SchemaOrgValue {
    /// A number: a JSON number, or text in the form schema.org asks for numbers ("Use '.' ...
    /// rather than ',' to indicate a decimal point", digits 0-9, no currency symbol or
    /// thousands separator): an optional sign, digits, and an optional fraction.
    static func number(_ value: SchemaValue) -> Double? {
        switch value.kind {
        case .number(let number): return number
        case .text(let text):
            var digits = Substring(text.trimmingCharacters(in: .whitespaces))
            if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
            let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard let whole = parts.first, !whole.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
                return nil
            }
            return Double(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// A rating written as text in a form other than a number, which schema.org's ratingValue
    /// (Number or Text) allows: a percentage ("60%") or a fraction ("6/10"). Not judged against
    /// the scale; a node reference is another node's to judge.
    static func isRatingText(_ value: SchemaValue) -> Bool {
        if value.reference != nil { return true }
        guard let text = value.text?.trimmingCharacters(in: .whitespaces) else { return false }
        func isNumber(_ part: Substring) -> Bool { number(SchemaValue(.text(String(part)), place: value.place)) != nil }
        if text.hasSuffix("%") { return isNumber(text.dropLast()) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy(isNumber)
    }

    /// A non-negative whole number (schema.org's Integer, for counts).
    static func isCount(_ value: SchemaValue) -> Bool {
        switch value.kind {
        case .number(let number): return number >= 0 && number == number.rounded()
        case .text(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && trimmed.allSatisfy { $0.isASCII && $0.isNumber }
        default: return false
        }
    }

    /// An ISO 8601 duration (schema.org's Duration), such as PT1H30M or P1DT2H: P, then date
    /// parts (Y, M, W, D), then T and time parts (H, M, S), each a number (the last one written
    /// may have a fraction), in that order, at least one part.
    static func isDuration(_ text: String) -> Bool {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        guard rest.first == "P" else { return false }
        rest = rest.dropFirst()
        var parts = 0
        var inTime = false
        var designators = Array("YMWD")
        while let next = rest.first {
            if next == "T" {
                guard !inTime else { return false }
                inTime = true
                designators = Array("HMS")
                rest = rest.dropFirst()
                guard !rest.isEmpty else { return false }
                continue
            }
            // ISO 8601 takes a comma or a full stop before a fraction (it prefers the comma).
            let number = rest.prefix { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," }
            guard !number.isEmpty, number.first != ".", number.last != ".", number.first != ",", number.last != "," else { return false }
            rest = rest.dropFirst(number.count)
            guard let designator = rest.first, let position = designators.firstIndex(of: designator) else { return false }
            designators = Array(designators[(position + 1)...])
            rest = rest.dropFirst()
            // ISO 8601 allows a decimal fraction in the smallest part only: the last one written.
            if number.contains(".") && !rest.isEmpty { return false }
            parts += 1
        }
        return parts > 0
    }
}

/// Every schema.org item of a page, nested ones included, in document order.
extension WebPageFile {
    var allSchemaItems: [SchemaItem] { page.schemaItems.flatMap(\.withNestedItems) }
}

/// Ratings give a number within their scale.
struct SchemaOrgRatingRule: Rule {
    static let types: Set<String> = ["AggregateRating", "Rating", "EmployerAggregateRating", "EndorsementRating"]
    static let properties: Set<String> = ["aggregateRating", "reviewRating", "starRating"]

    static let description = RuleDescription(
        id: "schema_org_rating",
        name: "Ratings Are Numbers Within Their Scale",
        category: .links,
        defaultSeverity: .warning,
        summary:
            "A schema.org AggregateRating or Rating gives a numeric ratingValue within worstRating and bestRating (1 and 5 when not given), and an AggregateRating's ratingCount and reviewCount are whole numbers.",
        rationale: """
            Apple shows "number of reviews via AggregateRating from schema.org and a rating value \
            which we can render as stars" (WWDC15 session 709). schema.org defines ratingValue on \
            the scale from worstRating to bestRating, assuming 1 and 5 when they are omitted, \
            asks for numbers written with the digits 0-9 and "." as the decimal point, and types \
            ratingCount and reviewCount as Integer. A rating with no ratingValue, one that is not \
            such a number (4,6 or 4.6 stars), one outside its scale (8 with no bestRating), or a \
            count that is not a whole number gives no stars to render. schema.org types \
            ratingValue, bestRating and worstRating as Number or Text, so one written as a \
            percentage (92%) or a fraction (6/10) is allowed and not judged against the scale. \
            Judged in JSON-LD and microdata alike, on items typed as a rating and on the untyped \
            value of aggregateRating or reviewRating.
            """,
        sources: [seed002, "schema.org: AggregateRating, Rating (ratingValue, bestRating, worstRating, ratingCount, reviewCount) [H]"],
        passing: [
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Product", "name": "Pizza stone", "aggregateRating": {"@type": "AggregateRating", "ratingValue": "92%", "ratingCount": 40}}"#
                ),
                named: page),
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Product", "name": "Pizza peel", "aggregateRating": {"@type": "AggregateRating", "ratingValue": "88%", "bestRating": "100%", "worstRating": "0%", "ratingCount": 25}}"#
                ),
                named: page),
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Restaurant", "name": "Golden Crust Pizzeria", "aggregateRating": {"@type": "AggregateRating", "ratingValue": "4.6", "reviewCount": 1284}}"#
                ),
                named: page),
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Recipe", "name": "Margherita", "aggregateRating": {"ratingValue": 9, "bestRating": 10, "ratingCount": "87"}}"#
                ),
                named: page),
            RuleExample(
                microdata(
                    """
                    <div itemscope itemtype="https://schema.org/Restaurant">
                    <h1 itemprop="name">Golden Crust Pizzeria</h1>
                    <div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating">
                    <span itemprop="ratingValue" content="4.6">4,6</span> stars from <span itemprop="reviewCount">1284</span> reviews
                    </div>
                    </div>
                    """), named: page),
        ],
        failing: [
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Restaurant", "name": "Golden Crust Pizzeria", "aggregateRating": {"@type": "AggregateRating", "ratingValue": "4,6", "reviewCount": "1.2k"}}"#
                ),
                named: page, at: [inBlock("/aggregateRating/ratingValue"), inBlock("/aggregateRating/reviewCount")]),
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Restaurant", "name": "Golden Crust Pizzeria", "aggregateRating": {"ratingValue": 8.5, "ratingCount": 40}}"#
                ),
                named: page, at: [inBlock("/aggregateRating/ratingValue")]),
            RuleExample(
                microdata(
                    """
                    <div itemscope itemtype="https://schema.org/Restaurant">
                    <h1 itemprop="name">Golden Crust Pizzeria</h1>
                    <div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating">
                    <span itemprop="ratingValue">4,6</span> stars from <span itemprop="reviewCount">1284</span> reviews
                    </div>
                    </div>
                    """), named: page, at: ["/html/body/div/div/span[@itemprop='ratingValue']"]),
        ])

    func check(_ file: WebPageFile, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for item in file.allSchemaItems where item.isA(Self.types, orValueOf: Self.properties) {
            let name = item.types.first ?? (item.property == "aggregateRating" ? "AggregateRating" : "Rating")
            func scale(_ property: String, default value: Double) -> Double? {
                guard let given = item.value(property) else { return value }
                if let number = SchemaOrgValue.number(given) { return number }
                // schema.org types bestRating and worstRating as Number or Text: a scale written as
                // a percentage ("100%") or a fraction is allowed, and not judged.
                if SchemaOrgValue.isRatingText(given) { return nil }
                violations.append(Violation("\(property) is \(given.written), which is not a number", at: file.location(of: given.place)))
                return nil
            }
            let worst = scale("worstRating", default: 1)
            let best = scale("bestRating", default: 5)
            if let worst, let best, best <= worst, let given = item.value("bestRating") ?? item.value("worstRating") {
                violations.append(
                    Violation(
                        "the \(name)'s bestRating (\(best.formatted)) is not above its worstRating (\(worst.formatted))",
                        at: file.location(of: given.place)))
            }
            if let rating = item.value("ratingValue") {
                if let value = SchemaOrgValue.number(rating) {
                    if let worst, let best, best > worst, value < worst || value > best {
                        let defaults =
                            item.value("bestRating") == nil || item.value("worstRating") == nil ? ", schema.org's defaults where not given" : ""
                        violations.append(
                            Violation(
                                "ratingValue \(rating.written) is outside the \(name)'s scale, worstRating \(worst.formatted) to bestRating \(best.formatted)\(defaults); give the scale the rating uses",
                                at: file.location(of: rating.place)))
                    }
                } else if !SchemaOrgValue.isRatingText(rating) {
                    violations.append(
                        Violation(
                            "ratingValue is \(rating.written), which is not a number written with the digits 0-9 and '.', so it cannot be shown as stars",
                            at: file.location(of: rating.place)))
                }
            } else {
                violations.append(Violation("the \(name) gives no ratingValue, the value shown as stars", at: file.location(of: item.place)))
            }
            for property in ["ratingCount", "reviewCount"] {
                for count in item.values(property) where !SchemaOrgValue.isCount(count) {
                    violations.append(
                        Violation(
                            "\(property) is \(count.written), which is not a whole number (schema.org's Integer)", at: file.location(of: count.place))
                    )
                }
            }
        }
        return violations
    }
}

/// Offers give a price Apple can show: a number with its currency.
struct SchemaOrgOfferRule: Rule {
    static let types: Set<String> = ["Offer", "AggregateOffer", "OfferForLease", "OfferForPurchase"]

    static let description = RuleDescription(
        id: "schema_org_offer",
        name: "Offers Give A Number And Its Currency",
        category: .links,
        defaultSeverity: .warning,
        summary:
            "A schema.org Offer or AggregateOffer writes price, lowPrice and highPrice as numbers, gives priceCurrency as a currency code, keeps lowPrice at most highPrice, and a priceRange is not empty.",
        rationale: """
            Apple shows an Offer's price in the result: "We're able to parse that price and price \
            currency and show that directly in the result", and reads priceRange "in case you \
            don't have a fixed price but rather a range of prices" (WWDC15 session 709). \
            schema.org asks for price as a number with "." as the decimal point and the digits 0-9, \
            the currency in priceCurrency rather than in the price, in ISO 4217 form such as USD \
            (or a cryptocurrency's ticker), and gives an AggregateOffer a lowPrice and a \
            highPrice. Proctor reports a price that is not such a number ($12.50, 1,299.00), a \
            price with no priceCurrency (or priceSpecification), a currency that is not a code \
            in capital letters ($, usd), lowPrice above highPrice, an offerCount that is not a \
            whole number, and an empty priceRange.
            """,
        sources: [seed002, "schema.org: Offer, AggregateOffer (price, priceCurrency, lowPrice, highPrice, offerCount), priceRange [H]"],
        passing: [
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Hotel", "name": "Mission Inn", "priceRange": "$$", "makesOffer": {"@type": "Offer", "price": "189.00", "priceCurrency": "USD"}}"#
                ),
                named: page),
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Product", "name": "Pizza stone", "offers": {"@type": "AggregateOffer", "lowPrice": 24.5, "highPrice": "39", "priceCurrency": "EUR", "offerCount": 3}}"#
                ),
                named: page),
        ],
        failing: [
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Hotel", "name": "Mission Inn", "makesOffer": {"@type": "Offer", "price": "$189.00"}}"#
                ),
                named: page, at: [inBlock("/makesOffer"), inBlock("/makesOffer/price")]),
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Product", "name": "Pizza stone", "offers": {"@type": "AggregateOffer", "lowPrice": 39, "highPrice": 24.5, "priceCurrency": "usd"}}"#
                ),
                named: page, at: [inBlock("/offers/lowPrice"), inBlock("/offers/priceCurrency")]),
        ])

    func check(_ file: WebPageFile, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for item in file.allSchemaItems {
            for range in item.values("priceRange") where (range.text ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                violations.append(
                    Violation("priceRange is \(range.written); write the range as text, such as $$ or 10-20 USD", at: file.location(of: range.place)))
            }
            guard item.isA(Self.types, orValueOf: ["offers", "makesOffer"]) else { continue }
            var prices: [String: (value: Double, given: SchemaValue)] = [:]
            for property in ["price", "lowPrice", "highPrice"] {
                for price in item.values(property) {
                    if let number = SchemaOrgValue.number(price) {
                        prices[property] = prices[property] ?? (number, price)
                    } else {
                        violations.append(
                            Violation(
                                "\(property) is \(price.written), which is not a number written with the digits 0-9 and '.' as the decimal point; put the currency in priceCurrency and leave out thousands separators",
                                at: file.location(of: price.place)))
                    }
                }
            }
            let hasPrice = ["price", "lowPrice", "highPrice"].contains { item.value($0) != nil }
            if hasPrice && item.value("priceCurrency") == nil && item.value("priceSpecification") == nil {
                violations.append(
                    Violation(
                        "the \(item.types.first ?? "Offer") gives a price but no priceCurrency, so the price cannot be shown with its currency",
                        at: file.location(of: item.place)))
            }
            for currency in item.values("priceCurrency") {
                let code = (currency.text ?? "").trimmingCharacters(in: .whitespaces)
                if code.count < 3 || !code.allSatisfy({ $0.isASCII && $0.isUppercase }) {
                    violations.append(
                        Violation(
                            "priceCurrency is \(currency.written), which is not a currency code such as USD (ISO 4217)",
                            at: file.location(of: currency.place)))
                }
            }
            if let low = prices["lowPrice"], let high = prices["highPrice"], low.value > high.value {
                violations.append(
                    Violation("lowPrice \(low.given.written) is above highPrice \(high.given.written)", at: file.location(of: low.given.place)))
            }
            for count in item.values("offerCount") where !SchemaOrgValue.isCount(count) {
                violations.append(
                    Violation(
                        "offerCount is \(count.written), which is not a whole number (schema.org's Integer)", at: file.location(of: count.place)))
            }
        }
        return violations
    }
}

/// Interaction counts say what they count, as a whole number.
struct SchemaOrgInteractionCounterRule: Rule {
    static let description = RuleDescription(
        id: "schema_org_interaction_counter",
        name: "Interaction Counts Say What They Count",
        category: .links,
        defaultSeverity: .warning,
        summary:
            "A schema.org InteractionCounter (interactionStatistic) gives an interactionType that is an Action and a userInteractionCount that is a whole number.",
        rationale: """
            Apple reads interaction counts "for things like likes, views, comments", and names \
            schema.org's Action-based successor of interactionCount as the way to give them \
            (WWDC15 session 709); ranking weighs "any quality indications you add through schemas \
            like ratings, likes, reviews". In schema.org that is an interactionStatistic whose \
            InteractionCounter gives interactionType, the Action counted (LikeAction, \
            CommentAction, WatchAction), and userInteractionCount, an Integer. A counter without \
            either, a type that is not an Action, or a count such as 1.2k or 1,204 says nothing a \
            reader can use.
            """,
        sources: [seed002, "schema.org: InteractionCounter (interactionType, userInteractionCount), interactionStatistic [H]"],
        passing: [
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "VideoObject", "name": "Stretching dough", "interactionStatistic": {"@type": "InteractionCounter", "interactionType": {"@id": "https://schema.org/WatchAction"}, "userInteractionCount": 5120}}"#
                ),
                named: page),
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Recipe", "name": "Margherita", "interactionStatistic": {"@type": "InteractionCounter", "interactionType": "https://schema.org/LikeAction", "userInteractionCount": 1204}}"#
                ),
                named: page),
        ],
        failing: [
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Recipe", "name": "Margherita", "interactionStatistic": [{"@type": "InteractionCounter", "interactionType": "Likes", "userInteractionCount": "1,204"}, {"userInteractionCount": 87}]}"#
                ),
                named: page,
                at: [
                    inBlock("/interactionStatistic/0/interactionType"), inBlock("/interactionStatistic/0/userInteractionCount"),
                    inBlock("/interactionStatistic/1"),
                ])
        ])

    func check(_ file: WebPageFile, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for item in file.allSchemaItems where item.isA(["InteractionCounter"], orValueOf: ["interactionStatistic"]) {
            var missing: [String] = []
            if let type = item.value("interactionType") {
                let name = type.item?.types.first ?? SchemaOrgNames.localName(type.text ?? type.reference ?? "")
                if !name.hasSuffix("Action") {
                    violations.append(
                        Violation(
                            "interactionType is \(type.written), which is not a schema.org Action such as LikeAction, CommentAction or WatchAction",
                            at: file.location(of: type.place)))
                }
            } else {
                missing.append("interactionType")
            }
            if let count = item.value("userInteractionCount") {
                if !SchemaOrgValue.isCount(count) {
                    violations.append(
                        Violation(
                            "userInteractionCount is \(count.written), which is not a whole number (schema.org's Integer)",
                            at: file.location(of: count.place)))
                }
            } else {
                missing.append("userInteractionCount")
            }
            if !missing.isEmpty {
                violations.append(
                    Violation(
                        "the InteractionCounter gives no \(Suggestion.list(missing)), so it does not say what it counts",
                        at: file.location(of: item.place)))
            }
        }
        return violations
    }
}

/// A SearchAction's URL template has the placeholder its query-input names.
struct SchemaOrgSearchActionRule: Rule {
    static let description = RuleDescription(
        id: "schema_org_search_action",
        name: "Search Actions Name Their Placeholder",
        category: .links,
        defaultSeverity: .warning,
        summary: "A schema.org SearchAction gives a target URL template and a query-input whose name= is a {placeholder} in that template.",
        rationale: """
            Apple reads SearchActions "in case your website has a landing page for searches" \
            (WWDC15 session 709). The action's target is a URL template (text, or an EntryPoint's \
            urlTemplate) and its query-input says which of the template's placeholders takes the \
            user's query: "required name=search_term_string" names {search_term_string}. A target \
            missing, a query-input missing, or a name the template does not hold in braces leaves \
            no search URL to fill in.
            """,
        sources: [seed002, "schema.org: SearchAction (target, query-input), EntryPoint (urlTemplate), PropertyValueSpecification (valueName) [H]"],
        passing: [
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "WebSite", "url": "https://slicefinder.example.com/", "potentialAction": {"@type": "SearchAction", "target": "https://slicefinder.example.com/search?q={search_term_string}", "query-input": "required name=search_term_string"}}"#
                ),
                named: page),
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "WebSite", "potentialAction": {"@type": "SearchAction", "target": {"@type": "EntryPoint", "urlTemplate": "https://slicefinder.example.com/search?q={query}"}, "query-input": {"@type": "PropertyValueSpecification", "valueRequired": true, "valueName": "query"}}}"#
                ),
                named: page),
        ],
        failing: [
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "WebSite", "potentialAction": {"@type": "SearchAction", "target": "https://slicefinder.example.com/search?q={query}", "query-input": "required name=search_term_string"}}"#
                ),
                named: page, at: [inBlock("/potentialAction/target")]),
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "WebSite", "potentialAction": {"@type": "SearchAction", "target": "https://slicefinder.example.com/search?q={search_term_string}"}}"#
                ),
                named: page, at: [inBlock("/potentialAction")]),
        ])

    func check(_ file: WebPageFile, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for item in file.allSchemaItems where item.isA(["SearchAction"]) {
            let target = item.value("target")
            let template = target.flatMap { $0.text ?? $0.item?.value("urlTemplate")?.text }
            let input = item.value("query-input")
            let name = input.flatMap { input in
                input.text.flatMap(Self.valueName) ?? input.item?.value("valueName")?.text
            }
            var missing: [String] = []
            if template == nil { missing.append("target URL template") }
            if name == nil { missing.append("query-input naming its placeholder (required name=search_term_string)") }
            if !missing.isEmpty {
                violations.append(
                    Violation(
                        "the SearchAction gives no \(Suggestion.list(missing)), so there is no search URL to fill in",
                        at: file.location(of: item.place)))
            }
            if let template, let name, let target, !template.contains("{\(name)}") {
                violations.append(
                    Violation(
                        "the SearchAction's target '\(template)' has no {\(name)}, the placeholder its query-input names, so the query has nowhere to go",
                        at: file.location(of: target.place)))
            }
        }
        return violations
    }

    /// The name= of a query-input written as text ("required name=search_term_string").
    static func valueName(_ text: String) -> String? {
        text.split(separator: " ").first { $0.hasPrefix("name=") }.map { String($0.dropFirst("name=".count)) }
    }
}

/// A recipe's times are ISO 8601 durations.
struct SchemaOrgRecipeRule: Rule {
    static let times = ["prepTime", "cookTime", "totalTime"]

    static let description = RuleDescription(
        id: "schema_org_recipe",
        name: "Recipe Times Are Durations",
        category: .links,
        defaultSeverity: .warning,
        summary: "A schema.org Recipe writes prepTime, cookTime and totalTime as ISO 8601 durations, such as PT1H30M.",
        rationale: """
            Apple reads schema.org Recipes for rich results (WWDC15 session 709, which shows no \
            property of them). schema.org types a recipe's prepTime, cookTime and totalTime as \
            Duration, written in ISO 8601 duration format: PT20M, PT1H30M, P1DT2H. A time written \
            as 20 minutes or 1:30 is text no reader can add up or show as a time. Proctor judges \
            only these types: which other recipe properties Apple shows is not documented.
            """,
        sources: [seed002, "schema.org: Recipe (prepTime, cookTime, totalTime: Duration, ISO 8601) [H]"],
        passing: [
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Recipe", "name": "Margherita", "prepTime": "PT20M", "cookTime": "PT1.5H", "totalTime": "P1DT30M", "recipeIngredient": ["00 flour", "San Marzano tomatoes"]}"#
                ),
                named: page)
        ],
        failing: [
            RuleExample(
                jsonLD(#"{"@context": "https://schema.org", "@type": "Recipe", "name": "Margherita", "prepTime": "20 minutes", "cookTime": "1:30"}"#),
                named: page, at: [inBlock("/prepTime"), inBlock("/cookTime")])
        ])

    func check(_ file: WebPageFile, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for item in file.allSchemaItems where item.isA(["Recipe"]) {
            for property in Self.times {
                for time in item.values(property) where !SchemaOrgValue.isDuration(time.text ?? "") {
                    violations.append(
                        Violation(
                            "\(property) is \(time.written), which is not an ISO 8601 duration such as PT20M or PT1H30M (schema.org's Duration)",
                            at: file.location(of: time.place)))
                }
            }
        }
        return violations
    }
}

/// A telephone property is a number a call button can dial.
struct SchemaOrgTelephoneRule: Rule {
    static let description = RuleDescription(
        id: "schema_org_telephone",
        name: "Telephone Is A Number To Dial",
        category: .links,
        defaultSeverity: .warning,
        summary: "A schema.org telephone is text holding a phone number: at least three digits, not a JSON number or an item.",
        rationale: """
            A telephone property turns a result into a call: "When we see this telephone number we \
            can parse it and put a call button directly in the result" (WWDC15 session 709), and \
            Safari on iOS 10 extracts "anything with a PostalAddress, GeoCoordinate, or a \
            telephone property" for location suggestions (WWDC16 session 240). schema.org types \
            telephone as Text: a JSON number loses the leading + or 0 of a real number, and text \
            with no number in it (call us, n/a) gives the button nothing to dial. Proctor asks for \
            at least three digits, the shortest numbers there are; Apple does not say how it \
            parses the rest.
            """,
        sources: [
            "WWDC15 session 709: a telephone property gives a call action (seed 002) [M]",
            "WWDC16 session 240: Safari extracts telephone properties (seed 000) [M]",
            "schema.org: telephone (Text) [H]",
            "Assumption: three digits is the least a dialable number has [L]",
        ],
        passing: [
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Organization", "name": "Golden Crust Pizzeria", "telephone": "+1-415-555-0142"}"#),
                named: page)
        ],
        failing: [
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Organization", "name": "Golden Crust Pizzeria", "telephone": 4155550142, "department": {"@type": "Restaurant", "telephone": "ask at the counter"}}"#
                ),
                named: page, at: [inBlock("/telephone"), inBlock("/department/telephone")]),
            RuleExample(
                microdata(
                    """
                    <div itemscope itemtype="https://schema.org/Restaurant">
                    <h1 itemprop="name">Golden Crust Pizzeria</h1>
                    <p>Reservations: <span itemprop="telephone">call the restaurant</span></p>
                    </div>
                    """), named: page, at: ["/html/body/div/p/span[@itemprop='telephone']"]),
        ])

    func check(_ file: WebPageFile, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for item in file.allSchemaItems {
            for telephone in item.values("telephone") {
                guard case .text(let text) = telephone.kind else {
                    violations.append(
                        Violation(
                            "telephone is \(telephone.written), but schema.org's telephone is text; write the number as a string, with its + and leading zeros",
                            at: file.location(of: telephone.place)))
                    continue
                }
                if text.filter({ $0.isASCII && $0.isNumber }).count < 3 {
                    violations.append(
                        Violation(
                            "telephone is '\(text)', which holds no phone number a call button can dial", at: file.location(of: telephone.place)))
                }
            }
        }
        return violations
    }
}

/// Addresses and coordinates locate the place, for directions and location suggestions.
struct SchemaOrgLocationRule: Rule {
    /// PostalAddress's own properties, for typos.
    static let addressProperties = ["streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry", "postOfficeBoxNumber"]
    /// The ones that say where the place is.
    static let locating = ["streetAddress", "addressLocality", "postalCode"]

    static let description = RuleDescription(
        id: "schema_org_location",
        name: "Addresses And Coordinates Locate The Place",
        category: .links,
        defaultSeverity: .warning,
        summary:
            "A schema.org address is text or a PostalAddress with a street, locality or postal code and no misspelt property, and geo gives a latitude within ±90 and a longitude within ±180.",
        rationale: """
            "Providing a postal address we can then allow the user to navigate directly" (WWDC15 \
            session 709), and Safari on iOS 10 extracts "anything with a PostalAddress, \
            GeoCoordinate, or a telephone property" to suggest the place elsewhere in the system \
            (WWDC16 session 240, whose example writes the address as a PostalAddress). schema.org \
            types address as a PostalAddress or text, and geo's GeoCoordinates as a latitude and \
            a longitude in WGS 84. Proctor reports an address item of another type, a \
            PostalAddress with none of streetAddress, addressLocality and postalCode (Apple does \
            not list what directions need; with none of them there is no place to go), a \
            property name close to a PostalAddress one (streetAdress is read as nothing), and \
            coordinates that are missing one half, not numbers, or out of range.
            """,
        sources: [
            "WWDC15 session 709: directions from a postal address (seed 002) [M]",
            "WWDC16 session 240: PostalAddress, GeoCoordinates and telephone for location suggestions (seed 000) [M]",
            "schema.org: address (PostalAddress or Text), PostalAddress, GeoCoordinates (latitude, longitude) [H]",
            "Assumption: an address needs a street, locality or postal code to be navigated to [L]",
        ],
        passing: [
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@graph": [{"@type": "Restaurant", "@id": "https://slicefinder.example.com/places/sf-0412#place", "name": "Golden Crust Pizzeria", "address": {"@id": "https://slicefinder.example.com/places/sf-0412#address"}}, {"@type": "PostalAddress", "@id": "https://slicefinder.example.com/places/sf-0412#address", "streetAddress": "2450 Mission St", "addressLocality": "San Francisco"}]}"#
                ),
                named: page),
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Restaurant", "name": "Golden Crust Pizzeria", "address": {"@type": "PostalAddress", "streetAddress": "2450 Mission St", "addressLocality": "San Francisco", "postalCode": "94110"}, "geo": {"@type": "GeoCoordinates", "latitude": 37.7579, "longitude": "-122.4187"}}"#
                ),
                named: page),
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Organization", "name": "Slice Finder", "address": "2450 Mission St, San Francisco, CA 94110"}"#
                ),
                named: page),
            RuleExample(
                microdata(
                    """
                    <div itemscope itemtype="https://schema.org/Restaurant">
                    <h1 itemprop="name">Golden Crust Pizzeria</h1>
                    <p itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">
                    <span itemprop="streetAddress">2450 Mission St</span>, <span itemprop="addressLocality">San Francisco</span>
                    </p>
                    <span itemprop="geo" itemscope itemtype="https://schema.org/GeoCoordinates">
                    <meta itemprop="latitude" content="37.7579"><meta itemprop="longitude" content="-122.4187">
                    </span>
                    </div>
                    """), named: page),
        ],
        failing: [
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Restaurant", "name": "Golden Crust Pizzeria", "address": {"@type": "PostalAddress", "streetAdress": "2450 Mission St", "addressCountry": "US"}}"#
                ),
                named: page, at: [inBlock("/address"), inBlock("/address/streetAdress")]),
            RuleExample(
                jsonLD(
                    #"{"@context": "https://schema.org", "@type": "Restaurant", "name": "Golden Crust Pizzeria", "geo": {"@type": "GeoCoordinates", "latitude": -122.4187, "longitude": 37.7579}}"#
                ),
                named: page, at: [inBlock("/geo/latitude")]),
        ])

    func check(_ file: WebPageFile, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for item in file.allSchemaItems {
            for address in item.values("address") {
                if let postal = address.item {
                    if !postal.types.isEmpty && !postal.types.contains("PostalAddress") {
                        violations.append(
                            Violation(
                                "address is \(address.written), but schema.org's address is a PostalAddress or text",
                                at: file.location(of: address.place)))
                        continue
                    }
                    if !Self.locating.contains(where: { postal.value($0) != nil }) {
                        violations.append(
                            Violation(
                                "the PostalAddress gives none of streetAddress, addressLocality and postalCode, so directions have no place to go",
                                at: file.location(of: postal.place)))
                    }
                    for property in postal.properties where !Self.addressProperties.contains(property.name) {
                        guard let intended = Suggestion.closest(to: property.name, among: Self.addressProperties) else { continue }
                        violations.append(
                            Violation(
                                "'\(property.name)' is not a PostalAddress property, so it is read as nothing; did you mean '\(intended)'?",
                                at: file.location(of: property.value.place)))
                    }
                } else if address.reference == nil, (address.text ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                    violations.append(
                        Violation("address is \(address.written), which says nothing of where the place is", at: file.location(of: address.place)))
                }
            }
            guard item.isA(["GeoCoordinates"], orValueOf: ["geo"]) else { continue }
            var missing: [String] = []
            for axis in CoordinateAxis.allCases {
                let property = axis.rawValue
                guard let coordinate = item.value(property) else {
                    missing.append(property)
                    continue
                }
                guard let degrees = SchemaOrgValue.number(coordinate) else {
                    violations.append(
                        Violation("\(property) is \(coordinate.written), which is not a number of degrees", at: file.location(of: coordinate.place)))
                    continue
                }
                if !axis.contains(degrees) {
                    violations.append(
                        Violation(
                            "\(property) is \(coordinate.written), outside -\(Int(axis.limit)) to \(Int(axis.limit)) degrees; are latitude and longitude swapped?",
                            at: file.location(of: coordinate.place)))
                }
            }
            if !missing.isEmpty {
                violations.append(
                    Violation("the GeoCoordinates give no \(Suggestion.list(missing)), so they locate nothing", at: file.location(of: item.place)))
            }
        }
        return violations
    }
}

extension Double {
    /// 5 rather than 5.0, 4.5 as 4.5: numbers in messages as people write them.
    fileprivate var formatted: String { self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self) }
}
