import Foundation
import PackagePlugin

/// Puts every translation in `po/` into the binary: one generated Swift file
/// holding each catalog's text, so a forecastly copied anywhere on its own
/// still speaks every language, and adding a language is adding its `.po`
/// file (no Swift). The catalogs are parsed at run time, and only the one
/// the user's language needs.
@main
struct EmbedTranslations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let directory = context.package.directoryURL.appending(path: "po")
        let catalogs = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "po" || $0.pathExtension == "pot" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedCatalogs.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(catalogs.count) translation catalogs",
                executable: try context.tool(named: "TranslationEmbedder").url,
                arguments: [output.path] + catalogs.map(\.path),
                inputFiles: catalogs + [directory],
                outputFiles: [output])
        ]
    }
}
