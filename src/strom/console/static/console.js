// Strom Console: charts (uPlot), the live tail and lag stream (server-sent events), small helpers.
"use strict";
(function () {
  function makeChart(el, labels, colors) {
    var series = [{}].concat(labels.map(function (l, i) {
      return { label: l, stroke: colors[i % colors.length], width: 2, points: { show: false } };
    }));
    var data = [[]].concat(labels.map(function () { return []; }));
    var width = Math.max(300, el.clientWidth || 600);
    return new uPlot({ width: width, height: 200, series: series, scales: { x: { time: true } },
                       axes: [{}, { size: 60 }] }, data, el);
  }
  var COLORS = ["#3563e9", "#e9a135", "#1f8a4c", "#c53030", "#7c3aed", "#0891b2", "#be185d", "#65a30d"];

  function rateChart(el) {
    var keys = (el.dataset.keys || "rate").split(",");
    var chart = makeChart(el, (el.dataset.labels || "records/s").split(","), COLORS);
    function load() {
      fetch(el.dataset.rateChart).then(function (r) { return r.json(); }).then(function (d) {
        chart.setData([d.t].concat(keys.map(function (k) { return d[k] || []; })));
        el.dataset.source = d.source;
        el.dataset.points = String(d.t.length);
      }).catch(function () {});
    }
    load();
    setInterval(load, 2000);
  }

  function lagChart(el) {
    var chart = null, labels = [], points = [];
    function redraw() {
      var keys = ["total"].concat(labels.slice(0, 7));
      if (!chart || chart.series.length !== keys.length + 1) {
        el.innerHTML = "";
        chart = makeChart(el, keys, COLORS);
      }
      var data = [points.map(function (p) { return p.t; })];
      keys.forEach(function (k) {
        data.push(points.map(function (p) { return k === "total" ? p.total : (p.partitions[k] ?? null); }));
      });
      chart.setData(data);
    }
    var source = new EventSource(el.dataset.lagChart);
    source.addEventListener("lag", function (ev) {
      var p = JSON.parse(ev.data);
      points.push(p);
      if (points.length > 300) points.shift();
      Object.keys(p.partitions).forEach(function (k) { if (labels.indexOf(k) < 0) labels.push(k); });
      el.dataset.points = String(points.length);
      el.dataset.lastTotal = String(p.total);
      redraw();
    });
  }

  function tail(button) {
    var source = null;
    var status = document.getElementById("tail-status");
    var rows = document.getElementById("message-rows");
    button.addEventListener("click", function () {
      if (source) {
        source.close(); source = null;
        button.classList.remove("on"); button.textContent = "Live tail";
        status.textContent = "";
        return;
      }
      var form = button.form;
      var params = new URLSearchParams(new FormData(form));
      source = new EventSource(button.dataset.tail + "?" + params.toString());
      button.classList.add("on"); button.textContent = "Stop tail";
      status.textContent = "Live: new records appear at the top.";
      source.addEventListener("records", function (ev) {
        var tmp = document.createElement("tbody");
        tmp.innerHTML = ev.data;
        var fresh = Array.prototype.slice.call(tmp.children);
        fresh.reverse().forEach(function (tr) { tr.classList.add("fresh"); rows.insertBefore(tr, rows.firstChild); });
        while (rows.children.length > 500) rows.removeChild(rows.lastChild);
      });
      source.addEventListener("failure", function (ev) { status.textContent = "Tail stopped: " + JSON.parse(ev.data); });
    });
  }

  function filters() {
    document.querySelectorAll("input[data-filter]").forEach(function (input) {
      input.addEventListener("input", function () {
        var needle = input.value.toLowerCase();
        document.querySelectorAll(input.dataset.filter + " tbody tr").forEach(function (tr) {
          tr.style.display = tr.textContent.toLowerCase().indexOf(needle) >= 0 ? "" : "none";
        });
      });
    });
  }

  document.addEventListener("submit", function (ev) {
    var msg = ev.target.dataset && ev.target.dataset.confirm;
    if (msg && !window.confirm(msg)) ev.preventDefault();
  });

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-rate-chart]").forEach(rateChart);
    document.querySelectorAll("[data-lag-chart]").forEach(lagChart);
    var t = document.getElementById("tail-toggle");
    if (t) tail(t);
    filters();
  });
})();
