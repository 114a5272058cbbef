import ForecastCore
import ForecastlyBase
import ForecastStore
import Foundation
import LocationProvider
import Synchronization

/// forecastly as a library: what the `forecastly` command, a scenario and a
/// program of your own all run. Given settings, it finds the place (asking
/// for the location permission when it must, and deciding it in one place),
/// answers from the store or the network, asks the extras, watches, and
/// returns values: what to show, the notes to show beside it, and the
/// caches it could not write. It never prints, exits or keeps global state.
///
/// Everything outside it is in its `AppContext`.
public struct Application: Sendable {
    public let context: AppContext
    private let live = LivePermission()

    public init(context: AppContext) {
        self.context = context
    }

    /// The location permission of this application as the records hold it
    /// now: read at the first request, and brought up to date at every one
    /// after it (a `stat` when nothing changed), so another process's
    /// `forecastly location deny` or a new policy holds from the next
    /// request on; with the warnings of reading them (a damaged decision
    /// file, a bad policy).
    public func permission() async -> (Permission, warnings: [AppNote]) {
        let (permission, warnings) = await live.permission(records: context.records, rule: context.rule)
        await permission.catchUp()
        return (permission, warnings)
    }

    /// The desktop's Location Services switch, for a program that hears of
    /// it (a desktop app following the setting): off restricts locating for
    /// this run, as GeoClue's refusal does; on lifts that restriction.
    public func locationServicesSwitched(on: Bool) async {
        let (permission, _) = await self.permission()
        if !on {
            await permission.observed(.policyRestricted(.desktopSwitchOff))
        } else if case .restricted(_, .desktopSwitchOff) = await permission.authorization.state {
            await permission.observed(.policyLifted)
        }
    }

    func services(_ settings: ServiceSettings) -> Services {
        Services(context: context, settings: settings)
    }

    /// The caches a run could not write: its own, and the place index's when
    /// it is used from memory.
    func unwrittenCaches(_ log: NoteLog) -> [CacheProblem] {
        log.unwrittenCaches + (context.places.unkeptIndex.map { [$0] } ?? [])
    }
}

/// The one permission of an application, loaded at its first request.
private final class LivePermission: Sendable {
    private let loading = Mutex<Task<(Permission, [AppNote]), Never>?>(nil)

    func permission(records: any PermissionRecords, rule: LocatingRule) async -> (Permission, warnings: [AppNote]) {
        let task = loading.withLock { task in
            if let task { return task }
            let started = Task.placed {
                let (permission, warnings) = await Permission.load(records: records, rule: rule)
                return (permission, warnings.map { AppNote.warning($0) })
            }
            task = started
            return started
        }
        return await task.value
    }
}
