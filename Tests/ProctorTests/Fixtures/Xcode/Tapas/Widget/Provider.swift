import WidgetKit

struct Provider: TimelineProvider {}
