// The page of places-web. It draws what the server's view models send and reports what the
// user does; it never clusters, sorts or searches by itself.
//
// Test hooks (part of the page's contract): every marker element carries `data-marker` (the
// marker's identity as `places-cli --format json` writes it) and `data-count`; list rows and
// search matches carry `data-place-id`; `document.body.dataset.ready` is "true" once the
// first markers are drawn, and `document.body.dataset.pending` counts the messages sent and
// not yet answered. The category filter's checkboxes carry `data-category` (the name, or
// empty for places without a category).
"use strict";

(function () {
  const params = new URLSearchParams(location.search);
  const body = document.body;
  const ROW_HEIGHT = 40;
  const ANIMATION_MS = 300;

  // A fixed map size for tests that compare with places-cli (`?map=390x844`).
  const fixedSize = /^(\d+)x(\d+)$/.exec(params.get("map") || "");
  const mapElement = document.getElementById("map");
  if (fixedSize) {
    mapElement.style.flex = "none";
    mapElement.style.width = fixedSize[1] + "px";
    mapElement.style.height = fixedSize[2] + "px";
  }

  // A starting camera (`?camera=48.85,2.35,5`), else the world.
  const start = (params.get("camera") || "").split(",").map(Number);
  const startsAt = start.length === 3 && start.every(Number.isFinite);
  const map = L.map(mapElement, {
    center: startsAt ? [start[0], start[1]] : [20, 0],
    zoom: startsAt ? start[2] : 2,
    minZoom: 1,
    maxZoom: 18,
    zoomSnap: 1,
    attributionControl: true,
    keyboard: true,
  });
  map.attributionControl.setPrefix(false);
  map.attributionControl.addAttribution("Base map: Natural Earth");

  fetch("/page/basemap/countries-50m.json")
    .then((response) => response.json())
    .then((land) => {
      L.geoJSON(land, {
        interactive: false,
        renderer: L.canvas({ padding: 0.5 }),
        style: { color: "#b6a98f", weight: 0.8, fillColor: "#f3efe4", fillOpacity: 1 },
      }).addTo(map);
    })
    .catch(() => {});

  // ---- State -------------------------------------------------------------------------

  const markers = new Map(); // key -> { marker, data }
  let selectedID = null; // the selected place's id as JSON text
  let spread = null; // the spread shown: { cluster, layers: [marker or leg], button }
  let userLocation = null; // { lat, lon } or null
  let userLocationMarker = null;
  let allowsEdits = false;
  let editing = false;
  let settingLocation = false;
  let socket = null;
  let seq = 0;
  const pending = new Set();
  let lastCamera = "";
  // The seq of this connection's first camera report, until it is answered: the session's
  // replay (the camera its map view model starts from) comes before it, and the page keeps
  // its own camera, which the report then gives the session.
  let firstReport = null;
  let pendingFly = null;
  let reconnectDelay = 500;
  let hasConnected = false;
  const cameraLog = [];

  const list = {
    element: document.getElementById("list"),
    spacer: document.getElementById("list-spacer"),
    title: document.getElementById("list-title"),
    version: 0,
    count: 0,
    order: "name",
    rows: new Map(), // row number -> row, of `version`
    requested: new Set(), // row numbers asked for, of `version`
    highlighted: -1,
    cursor: -1,
    rendered: new Map(), // row number -> element
    reloads: 0, // `list` messages applied: every row dropped (tests read these two)
    updates: 0, // `listUpdate` messages applied: only the rows named changed
  };

  const search = {
    input: document.getElementById("search"),
    list: document.getElementById("matches"),
    box: document.getElementById("search-box"),
    matches: [],
    highlighted: -1,
    active: -1,
    chosen: false, // a match was chosen: the list stays closed until the user types again
  };

  // The category filter: the categories the catalog has, and those the user unticked (kept
  // by name across catalog changes, so that a new category shows until it is unticked).
  const filter = {
    element: document.getElementById("filter"),
    options: document.getElementById("filter-options"),
    categories: [], // { name, count }, sorted by name
    uncategorized: 0, // the number of places without a category
    hidden: new Set(), // names unticked; "" for places without a category
  };

  const card = document.getElementById("card");
  const statusBar = document.getElementById("status");

  window.placesWeb = { map, markers, cameraLog, list, search, filter };

  // ---- Connection --------------------------------------------------------------------

  function connect() {
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
    socket = new WebSocket(url);
    socket.onopen = () => {
      reconnectDelay = 500;
      body.dataset.connected = "true";
      showStatus(null);
      lastCamera = "";
      reportCamera();
      firstReport = seq;
      if (hasConnected) {
        // A new session: tell it what this page showed.
        if (userLocation) send({ type: "locate", lat: userLocation.lat, lon: userLocation.lon });
        if (search.input.value) sendQuery();
        if (selectedID !== null) send({ type: "tapMarker", id: JSON.parse(selectedID) });
        if (filter.hidden.size > 0) sendFilter();
      }
      hasConnected = true;
    };
    socket.onmessage = (event) => {
      let messages;
      try {
        messages = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      for (const message of messages) handle(message);
      body.dataset.pending = String(pending.size);
    };
    socket.onclose = (event) => {
      body.dataset.connected = "false";
      pending.clear();
      body.dataset.pending = "0";
      const reason = event.reason ? " (" + event.reason + ")" : "";
      showStatus("Connection lost" + reason + ". Reconnecting…");
      setTimeout(connect, reconnectDelay);
      reconnectDelay = Math.min(reconnectDelay * 2, 5000);
    };
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    seq += 1;
    message.seq = seq;
    pending.add(seq);
    body.dataset.pending = String(pending.size);
    socket.send(JSON.stringify(message));
  }

  function showStatus(text) {
    statusBar.hidden = text === null;
    statusBar.textContent = text || "";
  }

  // ---- Messages from the server --------------------------------------------------------

  function handle(message) {
    switch (message.type) {
      case "hello":
        allowsEdits = message.edits;
        document.getElementById("edit").hidden = !allowsEdits;
        break;
      case "categories":
        showCategories(message);
        break;
      case "done":
        pending.delete(message.seq);
        if (message.seq === firstReport) firstReport = null;
        break;
      case "error":
        if (message.seq !== null) pending.delete(message.seq);
        showStatus("The server refused: " + message.message);
        setTimeout(() => { if (socket.readyState === WebSocket.OPEN) showStatus(null); }, 4000);
        break;
      case "camera":
        if (firstReport !== null && !message.animated) break;
        moveCamera(message);
        break;
      case "markers":
        showMarkers(message.markers);
        break;
      case "update":
        updateMarkers(message);
        break;
      case "select":
        selectMarker(JSON.stringify(message.id));
        break;
      case "spread":
        showSpread(message);
        break;
      case "gather":
        gatherSpread();
        break;
      case "deselect":
        deselectMarker(JSON.stringify(message.id));
        break;
      case "location":
        showUserLocation(message.lat === undefined ? null : message);
        break;
      case "list":
        reloadList(message);
        break;
      case "listUpdate":
        updateList(message);
        break;
      case "rows":
        receiveRows(message);
        break;
      case "highlightRow":
        list.highlighted = message.row;
        renderList();
        break;
      case "scrollToRow":
        scrollToRow(message.row, message.animated);
        break;
      case "clearRowHighlight":
        list.highlighted = -1;
        renderList();
        break;
      case "matches":
        showMatches(message.matches);
        break;
      case "highlightMatch":
        search.highlighted = message.index;
        renderMatches();
        break;
      case "clearMatchHighlight":
        search.highlighted = -1;
        renderMatches();
        break;
      case "card":
        showCard(message.place);
        break;
    }
  }

  // ---- The map -----------------------------------------------------------------------

  function reportCamera() {
    const centre = map.getCenter().wrap();
    const size = map.getSize();
    const lat = Math.max(-85.05112878, Math.min(85.05112878, centre.lat));
    const camera = [lat, centre.lng, map.getZoom(), size.x, size.y];
    const text = camera.join(",");
    body.dataset.camera = text;
    if (text === lastCamera) return;
    lastCamera = text;
    cameraLog.push(camera);
    send({ type: "camera", lat, lon: centre.lng, zoom: camera[2], width: size.x, height: size.y });
  }

  // Whether the camera is moving (a flight, a zoom): tests wait for it to settle.
  map.on("movestart zoomstart", () => { body.dataset.moving = "true"; });
  map.on("moveend", () => {
    body.dataset.moving = "false";
    keepMarkersNearCentre();
    reportCamera();
  });
  map.on("resize", reportCamera);

  function moveCamera(message) {
    if (pendingFly) {
      const target = pendingFly;
      pendingFly = null;
      map.flyTo([target.lat, target.lon], Math.max(map.getZoom(), 9), { duration: 0.8 });
      return;
    }
    const target = [message.lat, nearLongitude(message.lon)];
    if (message.animated) {
      map.flyTo(target, message.zoom, { duration: 0.6 });
    } else {
      map.setView(target, message.zoom, { animate: false });
    }
  }

  // The longitude, shifted by whole turns, nearest the map's centre: the markers of a view
  // across the antimeridian are drawn beside each other.
  function nearLongitude(lon) {
    const centre = map.getCenter().lng;
    return lon + 360 * Math.round((centre - lon) / 360);
  }

  function keepMarkersNearCentre() {
    for (const entry of markers.values()) {
      const position = entry.marker.getLatLng();
      const lon = nearLongitude(entry.data.lon);
      if (Math.abs(position.lng - lon) > 1e-9 && !entry.animating) {
        entry.marker.setLatLng([entry.data.lat, lon]);
      }
    }
  }

  function markerSize(data) {
    if (!data.cluster) return 14;
    return Math.round(22 + 6 * Math.log10(data.count));
  }

  function makeMarker(data, start) {
    const size = markerSize(data);
    const label = data.cluster ? String(data.count) : "";
    const icon = L.divIcon({
      className: "marker " + (data.cluster ? "cluster" : "place"),
      html: label,
      iconSize: [size, size],
    });
    const position = start || { lat: data.lat, lon: data.lon };
    const marker = L.marker([position.lat, nearLongitude(position.lon)], {
      icon,
      keyboard: true,
      title: data.cluster ? data.count + " places" : data.name,
      draggable: editing && !data.cluster,
      riseOnHover: true,
    });
    marker.addTo(map);
    const element = marker.getElement();
    element.dataset.marker = data.key;
    element.dataset.count = String(data.count);
    element.setAttribute("role", "button");
    element.setAttribute(
      "aria-label", data.cluster ? "Cluster of " + data.count + " places" : data.name);
    if (start) {
      element.dataset.from = start.key;
      element.dataset.startLat = String(start.lat);
      element.dataset.startLon = String(start.lon);
    }
    if (!data.cluster && data.name) {
      const text = document.createElement("span");
      text.className = "marker-label";
      text.textContent = data.name;
      element.appendChild(text);
    }
    marker.on("click", (event) => {
      L.DomEvent.stopPropagation(event);
      tapMarker(data);
    });
    element.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        tapMarker(data);
      }
    });
    marker.on("dragend", () => {
      const position = marker.getLatLng().wrap();
      send({ type: "move", id: data.id, lat: position.lat, lon: position.lng });
    });
    return marker;
  }

  function tapMarker(data) {
    if (data.cluster) {
      send({ type: "tapCluster", level: data.cluster.level, representative: data.cluster.representative });
    } else {
      send({ type: "tapMarker", id: data.id });
    }
  }

  function addMarker(data, from) {
    const existing = markers.get(data.key);
    if (existing) removeNow(existing);
    const marker = makeMarker(data, from);
    const entry = { marker, data, animating: false };
    markers.set(data.key, entry);
    if (data.id !== undefined && JSON.stringify(data.id) === selectedID) {
      marker.getElement().classList.add("selected");
    }
    if (from) animate(entry, { lat: data.lat, lon: data.lon }, null);
  }

  function removeNow(entry) {
    entry.marker.remove();
  }

  // Moves a marker from where it is to `target` over ANIMATION_MS, then calls `done`.
  function animate(entry, target, done) {
    const start = entry.marker.getLatLng();
    const end = L.latLng(target.lat, nearLongitude(target.lon));
    const began = performance.now();
    entry.animating = true;
    function step(now) {
      const t = Math.min(1, (now - began) / ANIMATION_MS);
      const eased = 1 - Math.pow(1 - t, 3);
      entry.marker.setLatLng([
        start.lat + (end.lat - start.lat) * eased,
        start.lng + (end.lng - start.lng) * eased,
      ]);
      if (t < 1) {
        requestAnimationFrame(step);
      } else {
        entry.animating = false;
        if (done) done();
      }
    }
    requestAnimationFrame(step);
  }

  function showMarkers(list) {
    for (const entry of markers.values()) removeNow(entry);
    markers.clear();
    for (const data of list) addMarker(data, null);
    body.dataset.ready = "true";
    body.dataset.markerCount = String(markers.size);
  }

  function updateMarkers(update) {
    for (const removal of update.removed) {
      const entry = markers.get(removal.key);
      if (!entry) continue;
      markers.delete(removal.key);
      const element = entry.marker.getElement();
      if (removal.into && element) {
        // Merging: the marker leaves the set drawn and moves into its cluster, then goes.
        delete element.dataset.marker;
        element.dataset.leavingMarker = removal.key;
        element.classList.add("leaving");
        animate(entry, removal.into, () => removeNow(entry));
      } else {
        removeNow(entry);
      }
    }
    for (const addition of update.added) addMarker(addition, addition.from || null);
    body.dataset.ready = "true";
    body.dataset.markerCount = String(markers.size);
  }

  // A cluster's places at one spot, each drawn at its offset in points from the cluster's
  // marker, on a leg from it; a button shows the next page when there are several.
  function showSpread(message) {
    gatherSpread();
    const spot = L.latLng(message.lat, nearLongitude(message.lon));
    const centre = map.latLngToContainerPoint(spot);
    const layers = [];
    for (const data of message.markers) {
      const position = map.containerPointToLatLng(L.point(centre.x + data.dx, centre.y + data.dy));
      layers.push(L.polyline([spot, position], { className: "spread-leg", interactive: false }).addTo(map));
      const marker = makeMarker(data, { key: message.cluster, lat: position.lat, lon: position.lng });
      const element = marker.getElement();
      // Not among the map's markers: the spread's own identity, and its cluster's.
      delete element.dataset.marker;
      element.dataset.spreadMarker = data.key;
      element.dataset.spread = message.cluster;
      if (JSON.stringify(data.id) === selectedID) element.classList.add("selected");
      layers.push(marker);
    }
    let button = null;
    if (message.pages > 1) {
      button = document.createElement("button");
      button.className = "spread-page";
      button.dataset.spreadPage = String(message.page);
      button.textContent = "Places " + (message.page + 1) + " of " + message.pages + ": next";
      button.style.cssText = "position:absolute;left:50%;bottom:1em;z-index:1000;transform:translateX(-50%)";
      button.addEventListener("click", (event) => {
        event.stopPropagation();
        send({ type: "spreadPage", index: (message.page + 1) % message.pages });
      });
      mapElement.appendChild(button);
    }
    spread = { cluster: message.cluster, layers, button };
    body.dataset.spread = message.cluster;
  }

  function gatherSpread() {
    if (!spread) return;
    for (const layer of spread.layers) layer.remove();
    if (spread.button) spread.button.remove();
    spread = null;
    delete body.dataset.spread;
  }

  function selectMarker(id) {
    deselectMarker(selectedID);
    selectedID = id;
    const entry = markers.get(id);
    if (entry) entry.marker.getElement().classList.add("selected");
  }

  function deselectMarker(id) {
    if (id === null) return;
    const entry = markers.get(id);
    if (entry) entry.marker.getElement().classList.remove("selected");
    if (selectedID === id) selectedID = null;
  }

  function showUserLocation(position) {
    userLocation = position ? { lat: position.lat, lon: position.lon } : null;
    if (userLocationMarker) userLocationMarker.remove();
    userLocationMarker = null;
    if (position) {
      userLocationMarker = L.marker([position.lat, nearLongitude(position.lon)], {
        icon: L.divIcon({ className: "user-location", iconSize: [14, 14] }),
        interactive: false,
        keyboard: false,
      }).addTo(map);
    }
  }

  map.on("click", (event) => {
    const position = event.latlng.wrap();
    if (settingLocation) {
      setLocating(false);
      send({ type: "locate", lat: position.lat, lon: position.lng });
    } else if (editing) {
      const name = prompt("Name of the new place");
      if (name && name.trim()) send({ type: "add", name: name.trim(), lat: position.lat, lon: position.lng });
    } else {
      send({ type: "tapMap" });
    }
  });

  // ---- The list ----------------------------------------------------------------------

  function reloadList(message) {
    list.reloads += 1;
    list.version = message.version;
    list.count = message.count;
    list.order = message.order;
    list.rows.clear();
    list.requested.clear();
    list.highlighted = -1;
    list.spacer.style.height = list.count * ROW_HEIGHT + "px";
    list.title.textContent =
      list.count.toLocaleString() + " places, " +
      (list.order === "distance" ? "nearest first" : "by name");
    for (const element of list.rendered.values()) element.remove();
    list.rendered.clear();
    renderList();
  }

  // Applies the rows that changed: the rows held and drawn move to their new numbers, those
  // removed or reloaded are dropped (the ones on screen are asked for again), the rest stay.
  function updateList(message) {
    list.updates += 1;
    list.version = message.version;
    list.count = message.count;
    list.order = message.order;
    list.requested.clear(); // answers to older requests carry the old version and are dropped
    const moved = (held) => renumber(held, message.removed, message.inserted, message.reloaded);
    list.rows = moved(list.rows);
    const rendered = moved(list.rendered);
    for (const [row, element] of list.rendered) {
      if (![...rendered.values()].includes(element)) element.remove();
    }
    for (const [row, element] of rendered) {
      element.style.top = row * ROW_HEIGHT + "px";
      element.dataset.row = String(row);
    }
    list.rendered = rendered;
    list.spacer.style.height = list.count * ROW_HEIGHT + "px";
    list.title.textContent =
      list.count.toLocaleString() + " places, " +
      (list.order === "distance" ? "nearest first" : "by name");
    renderList();
  }

  // `held` (row number -> value) renumbered: rows at `removed` (old numbers, ascending) go,
  // rows are inserted at `inserted` (new numbers, ascending), and rows at `reloaded` (new
  // numbers) go, to be asked for again.
  function renumber(held, removed, inserted, reloaded) {
    const result = new Map();
    const gone = new Set(removed);
    const stale = new Set(reloaded);
    let removedBefore = 0;
    let insertedBefore = 0;
    for (const row of [...held.keys()].sort((a, b) => a - b)) {
      while (removedBefore < removed.length && removed[removedBefore] < row) removedBefore++;
      if (gone.has(row)) continue;
      let next = row - removedBefore + insertedBefore;
      while (insertedBefore < inserted.length && inserted[insertedBefore] <= next) {
        insertedBefore++;
        next++;
      }
      if (!stale.has(next)) result.set(next, held.get(row));
    }
    return result;
  }

  function visibleRange() {
    const top = list.element.scrollTop;
    const height = list.element.clientHeight || 400;
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - 5);
    const last = Math.min(list.count, Math.ceil((top + height) / ROW_HEIGHT) + 5);
    return [first, last];
  }

  // Draws the rows on screen, asking the server for those it has not sent.
  function renderList() {
    const [first, last] = visibleRange();
    let missingFrom = -1;
    let missingTo = -1;
    for (let row = first; row < last; row++) {
      if (!list.rows.has(row) && !list.requested.has(row)) {
        if (missingFrom < 0) missingFrom = row;
        missingTo = row + 1;
      }
    }
    if (missingFrom >= 0) {
      for (let row = missingFrom; row < missingTo; row++) list.requested.add(row);
      send({ type: "rows", from: missingFrom, count: missingTo - missingFrom });
    }
    for (const [row, element] of list.rendered) {
      if (row < first || row >= last) {
        element.remove();
        list.rendered.delete(row);
      }
    }
    for (let row = first; row < last; row++) {
      const data = list.rows.get(row);
      if (!data) continue;
      let element = list.rendered.get(row);
      if (!element) {
        element = document.createElement("div");
        element.className = "row";
        element.setAttribute("role", "option");
        element.style.top = row * ROW_HEIGHT + "px";
        element.dataset.placeId = JSON.stringify(data.id);
        element.dataset.row = String(row);
        const name = document.createElement("span");
        name.textContent = data.name;
        const detail = document.createElement("span");
        detail.className = "detail";
        detail.textContent = [data.country, formatDistance(data.distance)].filter(Boolean).join(" · ");
        element.append(name, detail);
        element.addEventListener("click", () => send({ type: "tapRow", row: Number(element.dataset.row) }));
        list.spacer.appendChild(element);
        list.rendered.set(row, element);
      }
      element.classList.toggle("highlighted", row === list.highlighted);
      element.setAttribute("aria-selected", row === list.highlighted ? "true" : "false");
      element.classList.toggle("cursor", row === list.cursor);
    }
  }

  function receiveRows(message) {
    if (message.version !== list.version) return;
    message.rows.forEach((row, index) => list.rows.set(message.from + index, row));
    renderList();
  }

  function scrollToRow(row, animated) {
    const top = row * ROW_HEIGHT;
    const height = list.element.clientHeight;
    if (top < list.element.scrollTop || top + ROW_HEIGHT > list.element.scrollTop + height) {
      list.element.scrollTo({
        top: Math.max(0, top - height / 2 + ROW_HEIGHT / 2),
        behavior: animated ? "smooth" : "auto",
      });
    }
    renderList();
  }

  let scrollScheduled = false;
  list.element.addEventListener("scroll", () => {
    if (scrollScheduled) return;
    scrollScheduled = true;
    requestAnimationFrame(() => {
      scrollScheduled = false;
      renderList();
    });
  });

  list.element.addEventListener("keydown", (event) => {
    if (list.count === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const start = list.cursor < 0 ? Math.max(list.highlighted, 0) - (event.key === "ArrowDown" ? 1 : 0) : list.cursor;
      list.cursor = Math.max(0, Math.min(list.count - 1, start + (event.key === "ArrowDown" ? 1 : -1)));
      scrollToRow(list.cursor, false);
    } else if (event.key === "Enter" && list.cursor >= 0) {
      event.preventDefault();
      send({ type: "tapRow", row: list.cursor });
    }
  });

  function formatDistance(metres) {
    if (metres === undefined || metres === null) return "";
    return metres < 1000 ? Math.round(metres) + " m" : (metres / 1000).toFixed(metres < 10000 ? 1 : 0) + " km";
  }

  window.addEventListener("resize", renderList);

  // ---- Search ------------------------------------------------------------------------

  function sendQuery() {
    send({ type: "query", text: search.input.value, limit: 10 });
  }

  search.input.addEventListener("input", () => {
    search.chosen = false;
    sendQuery();
  });

  search.input.addEventListener("keydown", (event) => {
    const count = search.matches.length;
    if (event.key === "ArrowDown" && count > 0) {
      event.preventDefault();
      search.active = (search.active + 1) % count;
      renderMatches();
    } else if (event.key === "ArrowUp" && count > 0) {
      event.preventDefault();
      search.active = (search.active - 1 + count) % count;
      renderMatches();
    } else if (event.key === "Enter" && count > 0) {
      event.preventDefault();
      chooseMatch(Math.max(search.active, 0));
    } else if (event.key === "Escape") {
      search.input.value = "";
      sendQuery();
    }
  });

  function showMatches(matches) {
    search.matches = matches;
    search.highlighted = -1;
    search.active = -1;
    renderMatches();
  }

  function renderMatches() {
    search.list.replaceChildren();
    search.matches.forEach((match, index) => {
      const item = document.createElement("li");
      item.setAttribute("role", "option");
      item.id = "match-" + index;
      item.dataset.placeId = JSON.stringify(match.id);
      item.textContent = match.name;
      const detail = document.createElement("span");
      detail.className = "detail";
      detail.textContent = [match.country, formatDistance(match.distance)].filter(Boolean).join(" · ");
      item.appendChild(detail);
      item.classList.toggle("active", index === search.active);
      item.classList.toggle("highlighted", index === search.highlighted);
      item.addEventListener("mousedown", (event) => {
        event.preventDefault();
        chooseMatch(index);
      });
      search.list.appendChild(item);
    });
    const open = search.matches.length > 0 && search.input.value !== "" && !search.chosen;
    search.list.hidden = !open;
    search.box.setAttribute("aria-expanded", open ? "true" : "false");
    if (search.active >= 0) {
      search.input.setAttribute("aria-activedescendant", "match-" + search.active);
    } else {
      search.input.removeAttribute("aria-activedescendant");
    }
  }

  function chooseMatch(index) {
    const match = search.matches[index];
    if (!match) return;
    pendingFly = { lat: match.lat, lon: match.lon };
    search.chosen = true;
    send({ type: "chooseMatch", index });
    search.list.hidden = true;
  }

  document.addEventListener("click", (event) => {
    if (!search.box.contains(event.target)) search.list.hidden = true;
  });
  search.input.addEventListener("focus", () => {
    search.chosen = false;
    renderMatches();
  });

  // ---- The card ----------------------------------------------------------------------

  function showCard(place) {
    card.replaceChildren();
    if (!place) {
      card.hidden = true;
      return;
    }
    card.hidden = false;
    card.dataset.placeId = JSON.stringify(place.id);
    const title = document.createElement("h2");
    title.textContent = place.name;
    const close = document.createElement("button");
    close.className = "close";
    close.type = "button";
    close.textContent = "×";
    close.setAttribute("aria-label", "Close the card");
    close.addEventListener("click", () => send({ type: "closeCard" }));
    const details = document.createElement("dl");
    const rows = [
      ["Category", place.category],
      ["Country", place.country],
      ["Population", place.population !== undefined ? place.population.toLocaleString() : null],
      ["Position", place.lat.toFixed(4) + ", " + place.lon.toFixed(4)],
      ["Id", JSON.stringify(place.id)],
    ];
    for (const [name, value] of rows) {
      if (value === null || value === undefined) continue;
      const term = document.createElement("dt");
      term.textContent = name;
      const text = document.createElement("dd");
      text.textContent = value;
      details.append(term, text);
    }
    card.append(title, close, details);
    if (allowsEdits) {
      const actions = document.createElement("div");
      actions.className = "actions";
      const rename = document.createElement("button");
      rename.type = "button";
      rename.textContent = "Rename";
      rename.addEventListener("click", () => {
        const name = prompt("New name", place.name);
        if (name && name.trim()) send({ type: "rename", id: place.id, name: name.trim() });
      });
      const remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = "Remove";
      remove.addEventListener("click", () => {
        if (confirm("Remove " + place.name + "?")) send({ type: "remove", id: place.id });
      });
      actions.append(rename, remove);
      card.appendChild(actions);
    }
  }

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !card.hidden && event.target !== search.input) {
      send({ type: "closeCard" });
    }
  });

  // ---- The category filter -------------------------------------------------------------

  function showCategories(message) {
    filter.categories = message.categories;
    filter.uncategorized = message.uncategorized;
    const options = [...message.categories];
    if (message.uncategorized > 0) options.push({ name: "", count: message.uncategorized });
    for (const label of filter.options.querySelectorAll("label")) label.remove();
    for (const option of options) {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.dataset.category = option.name;
      box.checked = !filter.hidden.has(option.name);
      box.addEventListener("change", () => {
        if (box.checked) filter.hidden.delete(option.name);
        else filter.hidden.add(option.name);
        sendFilter();
      });
      label.append(box, " " + (option.name || "(none)") + " (" + option.count + ")");
      filter.options.append(label);
    }
    // Hidden with a single category or none: there is nothing to choose.
    filter.element.hidden = options.length < 2;
    // A category new to the catalog is shown: tell the session, whose filter names them.
    if (filter.hidden.size > 0) sendFilter();
  }

  function sendFilter() {
    if (filter.hidden.size === 0) {
      send({ type: "filter" });
      return;
    }
    const categories = filter.categories
      .map((category) => category.name)
      .filter((name) => !filter.hidden.has(name));
    send({ type: "filter", categories, uncategorized: !filter.hidden.has("") });
  }

  // ---- Buttons -----------------------------------------------------------------------

  const locateButton = document.getElementById("locate");
  function setLocating(on) {
    settingLocation = on;
    locateButton.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) showStatus("Click the map to set your location.");
    else if (socket && socket.readyState === WebSocket.OPEN) showStatus(null);
  }
  locateButton.addEventListener("click", () => {
    if (settingLocation) {
      setLocating(false);
      return;
    }
    if (navigator.geolocation && params.get("geolocation") !== "off") {
      navigator.geolocation.getCurrentPosition(
        (position) => send({ type: "locate", lat: position.coords.latitude, lon: position.coords.longitude }),
        () => setLocating(true),
        { timeout: 5000 });
    } else {
      setLocating(true);
    }
  });

  const editButton = document.getElementById("edit");
  editButton.addEventListener("click", () => {
    editing = !editing;
    editButton.setAttribute("aria-pressed", editing ? "true" : "false");
    for (const entry of markers.values()) {
      if (!entry.data.cluster && entry.marker.dragging) {
        if (editing) entry.marker.dragging.enable();
        else entry.marker.dragging.disable();
      }
    }
    showStatus(editing ? "Editing: click the map to add a place; drag a place to move it." : null);
  });

  connect();
})();
