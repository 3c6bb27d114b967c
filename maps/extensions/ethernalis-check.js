/*
 * The Ethernalis map checker inside Tiled (docs/maps.md, "The checker in Tiled").
 *
 * Each time a map is saved, and on Map > Check Map for Ethernalis (Ctrl+Shift+K), the project's own checker
 * (tools/check_map.py --json, the game's loader) runs on the map's file and every problem becomes a line of
 * Tiled's Issues panel; activating a line (double click) selects the object it names. A problem that follows
 * from an earlier one is listed under it as a warning. Written for Tiled 1.8 (Debian's) and later: it uses
 * tiled.assetSaved, tiled.registerAction, tiled.extendMenu, Process.exec and tiled.error/warn/log only.
 *
 * The checker runs with the project's virtual environment (.venv) when there is one, else python3.
 */
var ROOT = __filename.replace(/\\/g, "/").split("/").slice(0, -3).join("/"); // maps/extensions/<this file>
var CHECKER = ROOT + "/tools/check_map.py";

function python() {
    var candidates = [ROOT + "/.venv/bin/python", ROOT + "/.venv/Scripts/python.exe"];
    for (var i = 0; i < candidates.length; ++i) {
        if (File.exists(candidates[i]))
            return candidates[i];
    }
    return tiled.platform === "windows" ? "python" : "python3";
}

function objectsOf(container, found) {
    for (var i = 0; i < container.layerCount; ++i) {
        var layer = container.layerAt(i);
        if (layer.isObjectLayer)
            found.push.apply(found, layer.objects);
        else if (layer.isGroupLayer)
            objectsOf(layer, found);
    }
    return found;
}

function selector(map, id) {
    if (id === null || id === undefined)
        return undefined;
    return function () {
        tiled.activeAsset = map;
        var matches = objectsOf(map, []).filter(function (o) { return o.id === id; });
        if (matches.length > 0) {
            map.currentLayer = matches[0].layer;
            map.selectedObjects = matches;
        }
    };
}

function text(line, file) {
    return line.indexOf(file + ": ") === 0 ? line.slice(file.length + 2) : line;
}

function check(map) {
    if (!map || !map.isTileMap || !map.fileName)
        return;
    var name = map.fileName.replace(/\\/g, "/").split("/").pop();
    var process = new Process();
    process.workingDirectory = ROOT;
    var code = process.exec(python(), [CHECKER, "--json", map.fileName], false); // 1: problems found
    var output = process.readStdOut();
    var report;
    try {
        report = JSON.parse(output);
    } catch (e) {
        tiled.error("Ethernalis: " + name + ": the checker did not run (exit " + code + "): " +
                    (process.readStdErr() || output).split("\n")[0]);
        return;
    }
    if (report.error) {
        tiled.error("Ethernalis: " + report.error);
        return;
    }
    report.maps.forEach(function (result) {
        if (result.ok) {
            tiled.log("Ethernalis: " + text(result.summary, result.file));
            return;
        }
        result.problems.forEach(function (problem) {
            tiled.error(name + ": " + text(problem.line, result.file), selector(map, problem.object));
            problem.follows.forEach(function (follow) {
                tiled.warn(name + ": follows from it: " + text(follow.line, result.file), selector(map, follow.object));
            });
        });
    });
}

var action = tiled.registerAction("EthernalisCheckMap", function () { check(tiled.activeAsset); });
action.text = "Check Map for Ethernalis";
action.shortcut = "Ctrl+Shift+K";
tiled.extendMenu("Map", [{ separator: true }, { action: "EthernalisCheckMap" }]);
tiled.assetSaved.connect(check);
