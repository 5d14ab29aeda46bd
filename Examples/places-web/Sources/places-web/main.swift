import Foundation
import PlacesWeb

exit(await PlacesWebTool.run(arguments: Array(CommandLine.arguments.dropFirst())))
